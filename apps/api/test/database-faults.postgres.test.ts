/**
 * Server mode: PostgreSQL fails under a running API while it is busy: restarted, crashed,
 * killed, or frozen. The API process survives, answers 503 problems instead of failing or
 * hanging, loses nothing it acknowledged, and recovers by itself. Its own cluster: stopping
 * or freezing the shared one would break other tests.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster, type ServerProcess } from '@wildalert/test-support';
import { UNLIMITED } from './helpers.ts';
import { startServerProcess } from './server-processes.ts';

let cluster: PostgresCluster;
let server: ServerProcess;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  await cluster.psql('CREATE DATABASE wildalert');
});
afterAll(async () => {
  // Thaws a cluster a failed test left frozen before stopping it.
  await cluster?.stop();
});
// A server per test, so one that died fails only its own test.
beforeEach(async () => {
  server = await startServerProcess({ env: { DATABASE_URL: cluster.urlFor('wildalert'), ...UNLIMITED, LOG_LEVEL: 'warn' } });
});
afterEach(async () => {
  await server?.kill('SIGTERM');
});

const alert = { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'w czasie awarii' };
const SEARCH = '/Alerts?Latitude=50.06&Longitude=19.94';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  headers: Headers;
  body: string;
  ms: number;
}

/** An answer, or a failure naming the request when it takes longer than `timeoutMs` (a hang). */
async function call(path: string, init: RequestInit = {}, timeoutMs = 8_000): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { status: res.status, headers: res.headers, body, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const what = `${init.method ?? 'GET'} ${path}`;
    if ((error as Error).name === 'TimeoutError') throw new Error(`${what} got no answer within ${timeoutMs} ms`);
    // The connection was refused or reset: say whether the server died, and of what.
    await sleep(100);
    const died = server.child.exitCode === null ? '' : `; the server exited:\n${server.output().slice(-3000)}`;
    throw new Error(`${what} failed: ${String((error as Error).cause ?? error)}${died}`, { cause: error });
  }
}

const post = (body: unknown) =>
  call('/Alerts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function expectUnavailable(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.body}`).toBe(503);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 503, type: '/problems/database-unavailable' });
  expect(answer.headers.get('retry-after')).toBe('5');
}

/** Alive, and nothing it logged says it fell over: no crash, no 500, no error log line. */
function expectServerAlive() {
  const output = server.output();
  expect(server.child.exitCode, output).toBeNull();
  expect(output).not.toMatch(/Unhandled|uncaught/i);
  const errors = output
    .split('\n')
    .filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 50);
  expect(errors).toEqual([]);
}

async function waitForHealthy() {
  const deadline = Date.now() + 30_000;
  while ((await call('/health')).status !== 200) {
    expect(Date.now(), 'the API did not recover within 30 s').toBeLessThan(deadline);
    await sleep(200);
  }
}

describe.each(['fast', 'immediate', 'kill'] as const)('PostgreSQL restarted under writes (%s)', (mode) => {
  it('keeps serving: every write answers 201 or 503, none acknowledged is lost, writes succeed again', async () => {
    const acknowledged: string[] = [];
    const statuses: Record<number, number> = {};
    let writing = true;
    let restarted = false;
    let ackedAfterRestart = 0;
    let failure: unknown;
    const until = async (done: () => boolean, message: string) => {
      const deadline = Date.now() + 30_000;
      while (!done()) {
        if (failure) throw failure;
        expect(Date.now(), message).toBeLessThan(deadline);
        await sleep(20);
      }
    };
    const writer = async (n: number) => {
      try {
        await write(n);
      } catch (error) {
        // Reported by the test itself (the waits below end at once), not as an unhandled rejection.
        failure ??= error;
      }
    };
    const write = async (n: number) => {
      for (let i = 0; writing; i++) {
        const answer = await post({ ...alert, comments: `${mode} ${n}/${i}` });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) {
          acknowledged.push((JSON.parse(answer.body) as { data: { id: string } }).data.id);
          if (restarted) ackedAfterRestart++;
        } else {
          expectUnavailable(answer, `write ${n}/${i}`);
          // As a client honouring Retry-After would, but sooner, to keep the test short.
          await sleep(50);
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    try {
      // Stop PostgreSQL with writes in flight, on pooled connections checked out for a transaction.
      await until(() => acknowledged.length >= 20, 'the writers did not get going');
      await cluster.pause(mode);
      await sleep(1000);
      await cluster.resume();
      restarted = true;
      await until(() => ackedAfterRestart >= 4, `writes did not succeed within 30 s of the restart`);
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    if (failure) throw failure;
    console.log(`PostgreSQL restarted (${mode}) under 4 writers: answers by status`, statuses);
    expect(statuses[503], 'the outage was not seen').toBeGreaterThan(0);
    expectServerAlive();

    await waitForHealthy();
    for (const id of acknowledged) {
      expect((await call(`/Alerts/${id}`)).status, `alert ${id} was answered 201 but is gone`).toBe(200);
    }
    expect(Number(await cluster.psql('SELECT count(*) FROM alerts', 'wildalert'))).toBeGreaterThanOrEqual(
      acknowledged.length,
    );
  });
});

describe('PostgreSQL frozen (SIGSTOP)', () => {
  it('answers 503 instead of hanging, and recovers when PostgreSQL runs again', async () => {
    // Pooled connections open and idle, as on a server that has been serving for a while.
    const stored = await post(alert);
    expect(stored.status).toBe(201);
    const id = (JSON.parse(stored.body) as { data: { id: string } }).data.id;
    expect((await call(`/Alerts/${id}`)).status).toBe(200);
    expect((await call('/health')).status).toBe(200);
    // Past the search cache's lifetime, so the search below asks the database.
    await sleep(1100);

    await cluster.freeze();
    try {
      // A search must answer within 5 s; the others may take a little longer.
      const search = await call(SEARCH, {}, 5_000);
      expectUnavailable(search, 'search');
      const write = await post(alert);
      expectUnavailable(write, 'write');
      const health = await call('/health');
      expect(health.status, health.body).toBe(503);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', database: { engine: 'postgres', up: false } });
      expectServerAlive();
      console.log('PostgreSQL frozen: answer times in ms', { search: search.ms, write: write.ms, health: health.ms });
    } finally {
      await cluster.thaw();
    }

    await waitForHealthy();
    expect((await post(alert)).status).toBe(201);
    expect((await call(SEARCH)).status).toBe(200);
    expect((await call(`/Alerts/${id}`)).status).toBe(200);
    expectServerAlive();
  });
});
