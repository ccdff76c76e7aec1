/**
 * A bare HTTP/1.1 client over a socket: sends exactly the bytes it is given (paths,
 * headers and bodies no HTTP library would let through) and reads the whole answer.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(
  port: number,
  { method, path, headers = [], body }: { method: string; path: string; headers?: Array<[string, string]>; body?: Buffer | string },
): Promise<RawResponse> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const head = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...headers.map(([k, v]) => `${k}: ${v}`),
    ...(payload === undefined ? [] : [`Content-Length: ${payload.length}`]),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within 10 s to ${method} ${path}`));
    }, 10_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    // The server may answer and close before reading everything we send (an early error).
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parse(Buffer.concat(chunks), method));
      } catch (error) {
        reject(error);
      }
    });
    socket.on('connect', () => {
      socket.write(Buffer.from(head, 'latin1'));
      if (payload) socket.write(payload);
    });
  });
}

function parse(raw: Buffer, method: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no HTTP answer: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  if (!status) throw new Error(`bad status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (method === 'HEAD') body = Buffer.alloc(0);
  else if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  // Only the first answer: the server may add another for the rest of a malformed request.
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
