/**
 * An HTTP proxy on 127.0.0.1 in front of a test's server (the S3 stand-in), which the test
 * makes fail as a network or a sick server would: frozen (requests read, never answered),
 * refusing (nothing listens on its port), frozen after some requests passed, or passing again.
 */
import http from 'node:http';
import type net from 'node:net';

export interface FaultyProxy {
  /** http://127.0.0.1:PORT, to use instead of the server's own address. */
  url: string;
  /** Requests go through (the start, and after any fault). */
  pass(): Promise<void>;
  /** Every request from now on, after `after` more have gone through, is held without an answer. */
  freeze(after?: number): void;
  /** Nothing listens on the port any more: connections are refused. */
  refuse(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const upstream = new URL(target);
  /** Requests still to let through before freezing; Infinity while passing. */
  let passing = Infinity;
  const server = http.createServer((request, response) => {
    if (passing <= 0) return; // frozen: the request is read and never answered
    passing -= 1;
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  // A frozen connection stays open until the test ends it.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  const listen = (port: number) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    async pass() {
      passing = Infinity;
      // Held requests are dropped (their clients gave up long ago); a refusing proxy listens again.
      server.closeAllConnections();
      if (!server.listening) await listen(port);
    },
    freeze(after = 0) {
      passing = after;
    },
    refuse: stop,
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
