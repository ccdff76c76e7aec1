/** Slow, idle and malformed connections against the real server: cut off, answered with a problem. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '@wildalert/test-support';
import { TIMEOUTS } from '../src/app.ts';
import { createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';
import { startServerProcess } from './server-processes.ts';

let database: TestDatabase;
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'warn' } });
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  await database?.drop();
});

/** Writes `chunks` to a raw connection (waiting `pauseMs` before each after the first) and collects all the server sends until it closes. */
function raw(chunks: string[], pauseMs = 0): Promise<{ text: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(server.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ text, elapsedMs: Date.now() - started }));
    socket.on('connect', async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
        if (socket.destroyed) return;
        socket.write(chunk);
      }
    });
    setTimeout(() => reject(new Error(`the server kept the connection open: ${text}`)), 45_000).unref();
  });
}

function expectProblemAnswer(text: string, status: number) {
  const [head, body] = text.split('\r\n\r\n', 2) as [string, string];
  expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
  expect(head.toLowerCase()).toContain('content-type: application/problem+json');
  expect(JSON.parse(body)).toMatchObject({ status, type: 'about:blank', title: expect.any(String), detail: expect.any(String) });
}

describe('connection limits', () => {
  it('cuts off a client that never finishes its headers (slowloris) with a 408 problem', async () => {
    const { text, elapsedMs } = await raw(['GET /health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n'], 1000);
    expectProblemAnswer(text, 408);
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 100);
  });

  it('cuts off a client that never finishes its body with a 408 problem', async () => {
    const head = 'POST /Alerts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const { text, elapsedMs } = await raw([head, '{"latitude"'], 500);
    expectProblemAnswer(text, 408);
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100);
  });

  it('answers a request that is not HTTP with a 400 problem', async () => {
    const { text } = await raw(['HELLO THERE\r\n\r\n']);
    expectProblemAnswer(text, 400);
  });

  it('answers oversized headers with a 431 problem', async () => {
    const { text } = await raw([`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expectProblemAnswer(text, 431);
  });

  it('still serves everyone else meanwhile', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});
