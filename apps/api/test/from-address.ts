/**
 * Requests from a chosen loopback address (127.0.0.1, 127.0.0.2, …), so that one test can
 * be several clients as the server's per-address limits count them.
 */
import http from 'node:http';
import net from 'node:net';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** GET `url` over a new connection from `localAddress`; the whole answer. */
export function getFrom(url: string, localAddress: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, localAddress }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface RawStream extends Answer {
  socket: net.Socket;
  /** Everything received so far, head included. */
  received(): string;
  /** Resolves when the connection has closed, for whatever reason. */
  closed: Promise<void>;
}

/**
 * Sends `GET path` over a bare socket from `localAddress` and resolves once the answer's
 * head has come: for a 200 (an event stream) the socket stays open with the client
 * reading, unless the caller pauses it; for any other status, once the whole answer has.
 */
export function openRawStream(port: number, path: string, localAddress: string): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    const stream = (): RawStream | undefined => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const status = Number(statusLine.split(' ')[1]);
      const length = Number(headers['content-length']);
      const body = text.slice(end + 4);
      if (status !== 200 && !(Buffer.byteLength(body) >= length)) return undefined;
      return { status, headers, body: Number.isNaN(length) ? body : body.slice(0, length), socket, received: () => text, closed };
    };
    let answered = false;
    socket.on('data', (d: string) => {
      text += d;
      const answer = answered ? undefined : stream();
      if (answer) {
        answered = true;
        resolve(answer);
      }
    });
    socket.once('close', () => reject(new Error(`closed before an answer: ${JSON.stringify(text.slice(0, 300))}`)));
    socket.on('connect', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    });
  });
}
