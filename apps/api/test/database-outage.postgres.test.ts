/**
 * Server mode: PostgreSQL stops under a running API. The API answers 503 problems at once
 * (no hang, no crash), /health says the database is down, and it recovers by itself when
 * PostgreSQL is back. Its own cluster: stopping the shared one would break other tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster, type ServerProcess } from '@wildalert/test-support';
import { UNLIMITED } from './helpers.ts';
import { startServerProcess } from './server-processes.ts';

let cluster: PostgresCluster;
let server: ServerProcess;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  await cluster.psql('CREATE DATABASE wildalert');
  server = await startServerProcess({ env: { DATABASE_URL: cluster.urlFor('wildalert'), ...UNLIMITED, LOG_LEVEL: 'warn' } });
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  await cluster?.stop();
});

const alert = { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'przed awarią' };

/** Fails (aborts) if the API takes longer than 10 s: it must answer, not hang. */
async function call(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  return { res, body: await res.text(), ms: Math.round(performance.now() - started) };
}

const post = (path: string, body: unknown) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(['fast', 'immediate'] as const)('PostgreSQL stopped (%s shutdown)', (mode) => {
  it('answers 503 problems at once, reports the database down, and recovers when it is back', async () => {
    const stored = await post('/Alerts', alert);
    expect(stored.res.status).toBe(201);
    const id = (JSON.parse(stored.body) as { data: { id: string } }).data.id;

    await cluster.pause(mode);
    const timings: Record<string, number> = {};
    for (const [name, request] of [
      ['search', () => call('/Alerts?Latitude=50.06&Longitude=19.94')],
      ['read', () => call(`/Alerts/${id}`)],
      ['write', () => post('/Alerts', alert)],
      ['report', () => post(`/Alerts/${id}/reports`, {})],
      ['write again', () => post('/Alerts', alert)],
    ] as const) {
      const { res, body, ms } = await request();
      timings[name] = ms;
      expect(res.status, `${name}: ${body}`).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(body)).toMatchObject({ status: 503, type: '/problems/database-unavailable' });
      expect(res.headers.get('retry-after')).toBe('5');
      expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres:\/\//);
    }
    const health = await call('/health');
    timings.health = health.ms;
    expect(health.res.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', database: { engine: 'postgres', up: false } });
    // What needs no database still works, and the process is alive.
    expect((await call('/Animals')).res.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    console.log(`PostgreSQL down (${mode}): answer times in ms`, timings);

    await cluster.resume();
    const deadline = Date.now() + 30_000;
    while ((await call('/health')).res.status !== 200) {
      expect(Date.now(), 'the API did not recover within 30 s').toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await call(`/Alerts/${id}`)).res.status).toBe(200);
    expect((await post('/Alerts', alert)).res.status).toBe(201);
  });
});
