/** Server mode: several API instances on one PostgreSQL deliver each alert's notification once. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushPayload } from '@wildalert/shared';
import { startPushService, type BrowserSubscription, type PushService } from '@wildalert/test-support';
import { createTestApp, postAlert, type TestApp } from './helpers.ts';

let a: TestApp;
let b: TestApp;
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
  a = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: push.host });
  b = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: push.host }, {}, a.database);
});
afterAll(async () => {
  await b?.close();
  await a?.dispose();
  await push?.close();
});

it('shares one VAPID key pair, made by the first instance and kept in the database', async () => {
  const key = (t: TestApp) => t.app.inject({ url: '/PushSubscriptions/key' }).then((r) => r.json<{ data: { publicKey: string } }>().data.publicKey);
  expect(await key(a)).toBe(await key(b));
});

it('sends each subscription exactly one notification per alert, whichever instance takes the alert', async () => {
  const places = Array.from({ length: 6 }, (_, i) => ({ latitude: 50 + i * 0.5, longitude: 19 }));
  const subs: BrowserSubscription[] = [];
  for (const [i, place] of places.entries()) {
    const sub = push.subscribe();
    const res = await (i % 2 ? a : b).app.inject({ method: 'POST', url: '/PushSubscriptions', payload: { ...sub, ...place, radius: 1 } });
    expect(res.statusCode).toBe(201);
    subs.push(sub);
  }
  // A slow push service: every notification is under way, unanswered, while the instances look for more work.
  const slow = push.hold();
  const alerts = await Promise.all(places.map((place, i) => postAlert((i % 2 ? b : a).app, { ...place, animal: 'boar' })));
  await slow.arrived(subs.length);
  expect(await a.app.push.repository.claimDue(100)).toEqual([]);
  expect(await b.app.push.repository.claimDue(100)).toEqual([]);
  slow.release();
  // Both instances heard of every alert and raced for the work; run both to the end, twice.
  await Promise.all([a.app.push.delivery.flush(), b.app.push.delivery.flush()]);
  await Promise.all([a.app.push.delivery.flush(), b.app.push.delivery.flush()]);
  expect(push.refused).toEqual([]);
  expect(push.received).toHaveLength(subs.length);
  for (const [i, sub] of subs.entries()) {
    const to = push.received.filter((r) => r.endpoint === sub.endpoint).map((r) => (r.payload as PushPayload).alertIds);
    expect(to).toEqual([[alerts[i]!.id]]);
  }
});
