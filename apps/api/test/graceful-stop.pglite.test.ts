/**
 * SIGTERM under load: every request a client had sent when the stop began is answered,
 * 201 or a 503 problem, never reset; every 201 is stored, and nothing else is.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';
import { startServerProcess } from './server-processes.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const WRITERS = 16;

interface Outcome {
  /** Sent before the signal: it must be answered. */
  sentBeforeStop: boolean;
  status?: number;
  contentType?: string | null;
  retryAfter?: string | null;
  id?: string;
  error?: string;
}

it('answers every request already sent when SIGTERM arrives (201 or 503), and stores exactly the 201s', async () => {
  const env = { ...database.env, ...UNLIMITED, LOG_LEVEL: 'warn' };
  const server = await startServerProcess({ env });
  const outcomes: Outcome[] = [];
  let stopSentAt = Infinity;
  // Kept-alive connections, as a proxy or a busy app holds them; each writer stops at its
  // first 503 or failure, as a client honouring Retry-After would.
  const writer = async (w: number) => {
    for (let i = 0; ; i++) {
      const outcome: Outcome = { sentBeforeStop: Date.now() < stopSentAt };
      outcomes.push(outcome);
      try {
        const res = await fetch(`${server.url}/Alerts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ latitude: 50.06, longitude: 19.94 + w / 1000, animal: 'fox', comments: `${w}/${i}` }),
        });
        Object.assign(outcome, { status: res.status, contentType: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after') });
        const body = (await res.json()) as { data?: { id: string } };
        if (res.status !== 201) return;
        outcome.id = body.data!.id;
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        outcome.error = cause?.code ?? cause?.message ?? String(error);
        return;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  while (outcomes.filter((o) => o.status === 201).length < 2 * WRITERS) await new Promise((r) => setTimeout(r, 10));
  stopSentAt = Date.now();
  server.child.kill('SIGTERM');
  await Promise.all(writers);
  expect(await server.exited, server.output()).toBe(0);

  const inFlight = outcomes.filter((o) => o.sentBeforeStop && o.status !== 201);
  // Each writer had one request on its way when the signal came (save those answered 201 first).
  expect(inFlight.length).toBeLessThanOrEqual(WRITERS);
  for (const o of outcomes.filter((x) => x.sentBeforeStop)) {
    expect(o.error, 'a request sent before the stop was not answered').toBeUndefined();
    expect([201, 503]).toContain(o.status);
  }
  for (const o of outcomes.filter((x) => x.status === 503)) {
    expect(o.contentType).toMatch(/^application\/problem\+json/);
    expect(o.retryAfter).toBe('5');
  }
  // After the stop began: answered, or refused before anything was sent, never reset.
  for (const o of outcomes.filter((x) => !x.sentBeforeStop && x.error)) expect(o.error).toBe('ECONNREFUSED');

  const stored = outcomes.flatMap((o) => (o.id ? [o.id] : []));
  const again = await startServerProcess({ env });
  try {
    for (const id of stored) expect((await fetch(`${again.url}/Alerts/${id}`)).status).toBe(200);
    const health = (await (await fetch(`${again.url}/health`)).json()) as { alerts: number };
    expect(health.alerts).toBe(stored.length);
  } finally {
    await again.kill('SIGTERM');
  }
});
