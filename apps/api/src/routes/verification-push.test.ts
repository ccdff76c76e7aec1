/**
 * Plausibility checks and the subscribers' choice (issue 35), end to end against the push
 * service stand-in: an unlikely report pushes nobody and waits for a moderator with its reasons
 * until it is backed; a subscriber of "likely and confirmed only" hears of a report when it becomes so.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Alert, PushPayload } from '@wildalert/shared';
import { startPushService, type BrowserSubscription, type PushService } from '@wildalert/test-support';
import { createTestApp, staffToken, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let push: PushService;
let MODERATOR = '';

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: push.host, VAPID_SUBJECT: 'mailto:ops@wildalert.test' });
  MODERATOR = await staffToken(t.app);
});
afterAll(async () => {
  await t?.dispose();
  await push?.close();
});

/** The Main Square: inside the default CITY_CENTRE. */
const OLD_TOWN = { latitude: 50.0617, longitude: 19.9373 };
/** Nowa Huta's meadows, outside it. */
const MEADOWS = { latitude: 50.055, longitude: 20.07 };

async function subscribed(area: Record<string, unknown>): Promise<BrowserSubscription> {
  const sub = push.subscribe();
  const res = await t.app.inject({ method: 'POST', url: '/PushSubscriptions', payload: { ...sub, ...area } });
  expect(res.statusCode, res.body).toBe(201);
  return sub;
}

async function report(body: Record<string, unknown>, remoteAddress = '198.51.100.7'): Promise<Alert> {
  const res = await t.app.inject({ method: 'POST', url: '/Alerts', remoteAddress, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Alert }>().data;
}

/** Every committed change matched, every due notification sent, as if the coalescing time had passed. */
async function deliver() {
  await t.app.push.delivery.flush();
  await t.app.db.query('UPDATE push_jobs SET run_at = now()');
  await t.app.push.delivery.flush();
}
const toldOf = (sub: BrowserSubscription) => push.received.filter((r) => r.endpoint === sub.endpoint).flatMap((r) => (r.payload as PushPayload).alertIds ?? []);
const decide = (id: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/moderation/alerts/${id}/verification`, headers: { authorization: `Bearer ${MODERATOR}` }, payload: body });
const queue = async () =>
  (await t.app.inject({ url: '/moderation/reports', headers: { authorization: `Bearer ${MODERATOR}` } })).json<{ data: Array<{ alert: Alert; checks: string[]; reports: unknown[] }> }>().data;

it('holds a bear in the Old Town back from every phone, in the moderation queue with its reasons, until a moderator confirms it', async () => {
  const everyReport = await subscribed({ ...OLD_TOWN, radius: 3 });
  const trustedOnly = await subscribed({ ...OLD_TOWN, radius: 3, reports: 'likely-and-confirmed' });
  const bear = await report({ ...OLD_TOWN, animal: 'bear', comments: 'Niedźwiedź na Rynku!' });
  expect(bear.verification).toEqual({ level: 'unverified' });
  await deliver();
  expect(toldOf(everyReport)).toEqual([]);
  expect(toldOf(trustedOnly)).toEqual([]);
  expect((await queue()).find((q) => q.alert.id === bear.id)).toMatchObject({ checks: ['unexpected-in-city-centre', 'rare-first-from-network'], reports: [] });
  // The reporter's own network saying "still there" backs nothing.
  expect((await t.app.inject({ method: 'POST', url: `/Alerts/${bear.id}/votes`, remoteAddress: '198.51.100.8', payload: { vote: 'still-there' } })).statusCode).toBe(201);
  await deliver();
  expect(toldOf(everyReport)).toEqual([]);

  expect((await decide(bear.id, { level: 'confirmed' })).statusCode).toBe(200);
  await deliver();
  expect(toldOf(everyReport)).toEqual([bear.id]);
  expect(toldOf(trustedOnly)).toEqual([bear.id]);
  expect((await queue()).find((q) => q.alert.id === bear.id)).toBeUndefined();
  // Told once: a later change tells nobody again.
  await decide(bear.id, { level: 'corrected', animal: 'boar' });
  await deliver();
  expect(toldOf(everyReport)).toEqual([bear.id]);
});

it('holds back a count far above the usual, and never pushes a report a moderator rejected', async () => {
  const place = { latitude: MEADOWS.latitude + 0.05, longitude: MEADOWS.longitude };
  const sub = await subscribed({ ...place, radius: 2 });
  const foxes = await report({ ...place, animal: 'fox', howMany: 'more' });
  await deliver();
  expect(toldOf(sub)).toEqual([]);
  expect((await queue()).find((q) => q.alert.id === foxes.id)?.checks).toEqual(['unusual-count']);
  expect((await decide(foxes.id, { level: 'rejected', reason: 'hoax' })).statusCode).toBe(200);
  await deliver();
  expect(toldOf(sub)).toEqual([]);
  expect((await queue()).find((q) => q.alert.id === foxes.id)).toBeUndefined();
});

it('tells a subscriber of every report at once, and one of likely and confirmed only when another network backs it', async () => {
  const everyReport = await subscribed({ ...MEADOWS, radius: 2 });
  const trustedOnly = await subscribed({ ...MEADOWS, radius: 2, reports: 'likely-and-confirmed' });
  const boar = await report({ ...MEADOWS, animal: 'boar' });
  await deliver();
  expect(toldOf(everyReport)).toEqual([boar.id]);
  expect(toldOf(trustedOnly)).toEqual([]);
  expect((await t.app.inject({ method: 'POST', url: `/Alerts/${boar.id}/votes`, remoteAddress: '203.0.113.4', payload: { vote: 'still-there' } })).statusCode).toBe(201);
  await deliver();
  expect(toldOf(trustedOnly)).toEqual([boar.id]);
  // The first subscriber was told already.
  expect(toldOf(everyReport)).toEqual([boar.id]);
  const lookup = await t.app.inject({ method: 'POST', url: '/PushSubscriptions/lookup', payload: { endpoint: trustedOnly.endpoint, auth: trustedOnly.keys.auth } });
  expect(lookup.json<{ data: { reports: string } }>().data.reports).toBe('likely-and-confirmed');
});
