/** An alert answered 201 is committed: it survives a restart, a graceful stop and `kill -9`. */
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess as startProcess, type ServerProcess } from '@wildalert/test-support';
import { createTestApp, createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';

/** Servers a failed test left running are killed after it. */
const running = new Set<ServerProcess>();
async function startServerProcess(options: Parameters<typeof startProcess>[0]): Promise<ServerProcess> {
  const server = await startProcess(options);
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}
afterEach(async () => {
  await Promise.all([...running].map((server) => server.kill('SIGKILL')));
});

const alert = (i: number) => ({ latitude: 50 + i / 10_000, longitude: 19.9, animal: 'boar', comments: `#${i}` });

describe('restart', () => {
  it('keeps every alert when the app is closed and opened again on the same data', async () => {
    const first = await createTestApp();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await first.app.inject({ method: 'POST', url: '/Alerts', payload: alert(i) });
      ids.push(res.json().data.id);
    }
    await first.close();

    const second = await createTestApp({}, {}, first.database);
    try {
      for (const id of ids) {
        const res = await second.app.inject({ method: 'GET', url: `/Alerts/${id}` });
        expect(res.statusCode).toBe(200);
      }
      expect((await second.app.inject({ method: 'GET', url: '/health' })).json().alerts).toBe(5);
    } finally {
      await second.dispose();
    }
  });
});

describe('server process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('loses no acknowledged alert when killed with SIGKILL during a stream of writes', async () => {
    const server = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'warn' } });
    const acknowledged: string[] = [];
    let attempted = 0;
    let stop = false;
    // Four writers post as fast as they can until the process dies under them.
    const writer = async () => {
      while (!stop) {
        const i = attempted++;
        try {
          const res = await fetch(`${server.url}/Alerts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(alert(i)),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { data: { id: string } }).data.id);
        } catch {
          return; // connection refused or reset: the process is gone
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    await server.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(attempted).toBeGreaterThan(acknowledged.length);

    const again = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'warn' } });
    try {
      const missing: string[] = [];
      for (const id of acknowledged) {
        const res = await fetch(`${again.url}/Alerts/${id}`);
        if (res.status !== 200) missing.push(id);
      }
      expect(missing).toEqual([]);
      const health = (await (await fetch(`${again.url}/health`)).json()) as { alerts: number };
      // Every acknowledged write is there; an unacknowledged one may or may not be.
      expect(health.alerts).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await again.kill('SIGTERM');
    }
  });

  it('on SIGTERM finishes the requests in flight, refuses later ones with a 503 problem, and loses nothing', async () => {
    const server = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'info' } });
    const before = ((await (await fetch(`${server.url}/health`)).json()) as { alerts: number }).alerts;
    const acknowledged: string[] = [];
    const refusals: Array<{ status: number; type: string | null; body: string }> = [];
    let stop = false;
    // Four writers on kept-alive connections, as a busy proxy or app would hold them.
    const writer = async () => {
      let i = 0;
      while (!stop) {
        let res: Response;
        try {
          res = await fetch(`${server.url}/Alerts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(alert(i++)),
          });
        } catch {
          return; // the server has stopped listening
        }
        if (res.status === 201) acknowledged.push(((await res.json()) as { data: { id: string } }).data.id);
        else refusals.push({ status: res.status, type: res.headers.get('content-type'), body: await res.text() });
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    const exitCode = await server.kill('SIGTERM');
    stop = true;
    await Promise.all(writers);

    // It stopped by itself, in time (a stop that overran its grace period exits with 1).
    expect(exitCode).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    for (const refusal of refusals) {
      expect(refusal.status, refusal.body).toBe(503);
      expect(refusal.type).toMatch(/^application\/problem\+json/);
    }

    const again = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'warn' } });
    try {
      for (const id of acknowledged) expect((await fetch(`${again.url}/Alerts/${id}`)).status).toBe(200);
      const health = (await (await fetch(`${again.url}/health`)).json()) as { alerts: number };
      // Every request it took in was answered: nothing stored without an acknowledgement.
      expect(health.alerts).toBe(before + acknowledged.length);
    } finally {
      await again.kill('SIGTERM');
    }
  });
  it('on SIGTERM answers a request still arriving, then closes its kept-alive connection instead of waiting on it', async () => {
    const server = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'info' } });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const body = JSON.stringify(alert(7));
      const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const request = http.request(`${server.url}/Alerts`, {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        request.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
        });
        request.on('error', (e) => reject(new Error(`${e.message}\n${server.output()}`)));
        const logged = (text: string) => async () => {
          while (!server.output().includes(text)) await new Promise((r) => setTimeout(r, 20));
        };
        // Half the body now; the rest once the server is stopping.
        request.write(body.slice(0, 10));
        void (async () => {
          await logged('"msg":"incoming request"')();
          // Past its onRequest hooks: in flight, no longer a new request to turn away.
          await new Promise((r) => setTimeout(r, 500));
          const exited = server.kill('SIGTERM');
          await logged('stopping')();
          request.end(body.slice(10));
          await exited;
        })();
      });
      const res = await answer;
      expect(res.status, res.body).toBe(201);
      expect(res.connection).toBe('close');
      // Exit code 0: it stopped within its grace period, not held up by the client's idle connection.
      expect(await server.exited).toBe(0);
      const id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
      const again = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'warn' } });
      try {
        expect((await fetch(`${again.url}/Alerts/${id}`)).status).toBe(200);
      } finally {
        await again.kill('SIGTERM');
      }
    } finally {
      agent.destroy();
    }
  });
});
