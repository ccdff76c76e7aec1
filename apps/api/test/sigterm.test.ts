/**
 * SIGTERM, as an orchestrator stops a server: requests in flight are finished, later ones
 * refused with a 503 problem, kept-alive connections closed. About HTTP, so run on one engine
 * (graceful-stop.pglite.test.ts checks the embedded engine's own stop).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';
import { killServersAfterEach, startServerProcess } from './server-processes.ts';

killServersAfterEach();

const alert = (i: number) => ({ latitude: 50 + i / 10_000, longitude: 19.9, animal: 'boar', comments: `#${i}` });

describe('on SIGTERM', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

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
  it('on SIGTERM (and the same again, forwarded) answers a request still arriving, then closes its kept-alive connection instead of waiting on it', async () => {
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
          // Under `npm start`, a stop signal to npm's whole group (a Ctrl-C, a service manager)
          // reaches the server twice, directly and through npm: one request, not an impatient second.
          server.child.kill('SIGINT');
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
