/** An alert answered 201 is committed: it survives a restart and `kill -9` (a graceful stop: sigterm.test.ts and graceful-stop.pglite.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';
import { killServersAfterEach, startServerProcess } from './server-processes.ts';

killServersAfterEach();

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
});
