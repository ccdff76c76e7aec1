/** Server mode: several API instances on one PostgreSQL deliver each alert's and each official notice's notification once. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Notice, PushPayload } from '@wildalert/shared';
import { StaffClient, startPushService, type BrowserSubscription, type PushService } from '@wildalert/test-support';
import { firstAdminLink } from '../src/staff/first-admin.ts';
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

/**
 * `count` notifications are under way at the held push service: neither instance finds more work
 * to claim; then the service answers, and both instances (which heard of the same events and
 * raced for the work) run to the end, twice.
 */
async function bothRaceFor(slow: ReturnType<PushService['hold']>, count: number) {
  await slow.arrived(count);
  expect(await a.app.push.repository.claimDue(100)).toEqual([]);
  expect(await b.app.push.repository.claimDue(100)).toEqual([]);
  slow.release();
  await Promise.all([a.app.push.delivery.flush(), b.app.push.delivery.flush()]);
  await Promise.all([a.app.push.delivery.flush(), b.app.push.delivery.flush()]);
}

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
  await bothRaceFor(slow, subs.length);
  expect(push.refused).toEqual([]);
  expect(push.received).toHaveLength(subs.length);
  for (const [i, sub] of subs.entries()) {
    const to = push.received.filter((r) => r.endpoint === sub.endpoint).map((r) => (r.payload as PushPayload).alertIds);
    expect(to).toEqual([[alerts[i]!.id]]);
  }
});

it('sends each subscription around the area one notification, whichever instance claims it, and none to those elsewhere', async () => {
  const origin = (await a.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  const admin = new StaffClient(origin);
  await admin.acceptInvite((await firstAdminLink(a.app.staff, origin))!, 'Anna Admin');
  const [org] = await a.app.db.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ('{"pl": "Straż Miejska"}') RETURNING id`);
  const inside: BrowserSubscription[] = [];
  const outside: BrowserSubscription[] = [];
  for (let i = 0; i < 8; i++) {
    const sub = push.subscribe();
    // Half within 1 km of the notice's 2 km circle, half 30 km away.
    const place = i % 2 ? { latitude: 50.05 + i * 0.002, longitude: 19.87 } : { latitude: 50.35 + i * 0.002, longitude: 19.87 };
    const res = await (i % 4 < 2 ? a : b).app.inject({ method: 'POST', url: '/PushSubscriptions', payload: { ...sub, ...place, radius: 1 } });
    expect(res.statusCode).toBe(201);
    (i % 2 ? inside : outside).push(sub);
  }
  // A slow push service: every notification is under way, unanswered, while both instances look for work.
  const slow = push.hold();
  const { data } = await admin.json<{ data: Notice }>(
    'POST',
    `/staff/organisations/${org!.id}/notices`,
    { text: { pl: 'Odłów dzików — omijaj teren' }, area: { latitude: 50.055, longitude: 19.87, radiusKm: 2 }, endsAt: new Date(Date.now() + 3600_000).toISOString() },
    201,
  );
  b.app.push.delivery.kick();
  await bothRaceFor(slow, inside.length);
  expect(push.refused).toEqual([]);
  for (const sub of inside) {
    expect(push.received.filter((r) => r.endpoint === sub.endpoint).map((r) => (r.payload as PushPayload).noticeIds)).toEqual([[data.id]]);
  }
  // This test's subscriptions (the alerts' test above had its own): those around the area only.
  const ours = new Set([...inside, ...outside].map((sub) => sub.endpoint));
  expect(push.received.filter((r) => ours.has(r.endpoint))).toHaveLength(inside.length);
});
