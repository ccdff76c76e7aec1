/** The database-time budget per client address, over real HTTP from two loopback addresses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFrom, type Answer } from '../../test/from-address.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const A = '127.0.0.1';
const B = '127.0.0.2';
const AREA = 'Latitude=50.0497&Longitude=19.9445&Radius=15';

function expectRefused(answer: Answer, retryAfter?: string) {
  expect(answer.status).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 429, type: '/problems/rate-limited', detail: expect.any(String) });
  if (retryAfter) expect(answer.headers['retry-after']).toBe(retryAfter);
  else expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

function serve(env: Record<string, string>) {
  const s = { t: undefined as unknown as TestApp, origin: '' };
  beforeAll(async () => {
    s.t = await createTestApp(env);
    s.origin = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => s.t.dispose());
  return s;
}

const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms));

describe('searches in flight per client address', () => {
  const s = serve({ QUERY_CONCURRENCY_PER_CLIENT: '2' });

  it('refuses a third at once with a 429 problem, while another address is served at the same moment', async () => {
    // B's search is answered from the search cache while the database is held below.
    expect((await getFrom(`${s.origin}/Alerts?${AREA}`, B)).status).toBe(200);
    // Every read of alerts waits while this transaction holds its lock.
    let locked!: () => void;
    let unlock!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = s.t.app.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE alerts IN ACCESS EXCLUSIVE MODE');
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await isLocked;
    try {
      const fromA = [1, 2, 3].map(() => getFrom(`${s.origin}/Alerts.geojson?${AREA}`, A));
      // Two wait for the database; whichever came third is refused at once.
      expectRefused(await Promise.race([...fromA, timeout(5000)]), '1');
      expect((await Promise.race([getFrom(`${s.origin}/Alerts?${AREA}`, B), timeout(5000)])).status).toBe(200);
      unlock();
      expect((await Promise.all(fromA)).map((a) => a.status).sort()).toEqual([200, 200, 429]);
    } finally {
      unlock();
      await held;
    }
    // Both places are free again.
    const next = await Promise.all([1, 2].map(() => getFrom(`${s.origin}/Alerts.csv?${AREA}`, A)));
    expect(next.map((a) => a.status)).toEqual([200, 200]);
  });
});

describe('database time per client address', () => {
  // A bucket of 1 ms, refilled 20 ms a second: a few requests empty it, and a second refills it.
  const s = serve({ QUERY_TIME_BURST_MS: '1', QUERY_TIME_PER_SECOND_MS: '20' });

  it('refuses a client that used its time with a 429 problem until it refills; others are served', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 50 && answers.at(-1)?.status !== 429; i++) {
      answers.push(await getFrom(`${s.origin}/Alerts.geojson?${AREA}`, A));
    }
    const refusal = answers.at(-1)!;
    expectRefused(refusal);
    expect(answers[0]!.status).toBe(200);
    // Other addresses, and routes that do not query the database, are not held back.
    expect((await getFrom(`${s.origin}/Alerts/00000000-0000-4000-8000-000000000000`, B)).status).toBe(404);
    expect((await getFrom(`${s.origin}/Animals`, A)).status).toBe(200);

    await new Promise((r) => setTimeout(r, Number(refusal.headers['retry-after']) * 1000));
    expect((await getFrom(`${s.origin}/Alerts.geojson?${AREA}`, A)).status).toBe(200);
  });
});
