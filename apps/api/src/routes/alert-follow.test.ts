/**
 * A reporter follows their report (issue 33): each official step on it reaches their device by
 * web push, decrypted by a real push-service stand-in on loopback as a browser would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@wildalert/shared';
import { startPushService, type BrowserSubscription, type PushService } from '@wildalert/test-support';
import { createTestApp, organisationId, staffToken, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let push: PushService;
let guardId: string;
let responder: string;

/** Nowa Huta: in the City Guard's area. */
const NOWA_HUTA = { latitude: 50.0716, longitude: 20.0373 };

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: push.host });
  guardId = await organisationId(t.app, 'Straż Miejska Miasta Krakowa');
  responder = await staffToken(t.app, 'responder', 'Guard responder', { memberOf: guardId });
});
afterAll(async () => {
  await t?.dispose();
  await push?.close();
});

/** An aggressive boar reported in Nowa Huta (routed to the City Guard): its id and Alert-Key. */
async function report(): Promise<{ id: string; key: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { ...NOWA_HUTA, animal: 'boar', behaviour: 'aggressive', comments: 'Przy szkole' } });
  expect(res.statusCode).toBe(201);
  return { id: res.json<{ data: { id: string } }>().data.id, key: String(res.headers['alert-key']) };
}

const follow = (alertId: string, key: string, sub: BrowserSubscription, language = 'pl') =>
  t.app.inject({ method: 'POST', url: `/Alerts/${alertId}/follow`, headers: { 'alert-key': key }, payload: { ...sub, language } });

const step = (alertId: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/staff/organisations/${guardId}/inbox/${alertId}/status`, headers: { authorization: `Bearer ${responder}` }, payload: body });

const payloadsTo = (sub: BrowserSubscription) => push.received.filter((r) => r.endpoint === sub.endpoint).map((r) => r.payload as PushPayload);

describe('POST /Alerts/{id}/follow', () => {
  it("tells the reporter's device of each official step, in its language, and nothing of other alerts around", async () => {
    const { id, key } = await report();
    const sub = push.subscribe();
    expect((await follow(id, key, sub)).statusCode).toBe(204);
    // Again: idempotent.
    expect((await follow(id, key, sub)).statusCode).toBe(204);

    expect((await step(id, { status: 'acknowledged' })).statusCode).toBe(200);
    await t.app.push.delivery.flush();
    expect(payloadsTo(sub).map((p) => [p.title, p.body, p.url])).toEqual([
      ['Twoje zgłoszenie: Dzik', 'Straż Miejska Miasta Krakowa: przyjęte', `/WildAlertApp/alerts/${id}`],
    ]);

    // Not waiting out the area alerts' coalescing time: the next step is told at once.
    expect((await step(id, { status: 'resolved', outcome: 'caught-or-moved', note: 'Dzik odprowadzony do lasu' })).statusCode).toBe(200);
    await t.app.push.delivery.flush();
    expect(payloadsTo(sub).at(-1)!.body).toBe('Straż Miejska Miasta Krakowa: zakończone — odłowione lub przepędzone — Dzik odprowadzony do lasu');
    // No topic: a push service keeps each step for a device that is offline, and an area alert
    // (topic wildalert-area) coming after replaces none of them.
    expect(push.received.filter((r) => r.endpoint === sub.endpoint).map((r) => r.topic)).toEqual([undefined, undefined]);

    // A follow-only subscription hears of no new alert beside it, and no lookup shows it.
    await report();
    await t.app.push.delivery.flush();
    expect(payloadsTo(sub)).toHaveLength(2);
    const lookup = await t.app.inject({ method: 'POST', url: '/PushSubscriptions/lookup', payload: { endpoint: sub.endpoint, auth: sub.keys.auth } });
    expect(lookup.statusCode).toBe(404);
  });

  it('speaks English to a device that asked for it', async () => {
    const { id, key } = await report();
    const sub = push.subscribe();
    expect((await follow(id, key, sub, 'en')).statusCode).toBe(204);
    await step(id, { status: 'on-the-way' });
    await t.app.push.delivery.flush();
    expect(payloadsTo(sub).map((p) => [p.title, p.body])).toEqual([['Your report: Wild boar', 'Kraków City Guard: on the way']]);
  });

  it('is refused without the report\'s Alert-Key (403), also for an alert that does not exist, and for an endpoint of no push service (400), storing nothing', async () => {
    const { id, key } = await report();
    const other = await report();
    const sub = push.subscribe();
    const wrong = await follow(id, other.key, sub);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await follow('00000000-0000-4000-8000-000000000000', key, sub)).statusCode).toBe(403);
    const internal = await follow(id, key, { ...sub, endpoint: 'https://127.0.0.1:8443/push/abc' });
    expect(internal.statusCode).toBe(400);
    const [{ n }] = (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_follows WHERE alert_id = $1', [id])) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('stops when the device unfollows; its follow-only subscription goes with its last report', async () => {
    const { id, key } = await report();
    const sub = push.subscribe();
    expect((await follow(id, key, sub)).statusCode).toBe(204);
    const proof = { endpoint: sub.endpoint, auth: sub.keys.auth };
    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${id}/follow`, payload: proof })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${id}/follow`, payload: proof })).statusCode).toBe(404);
    await step(id, { status: 'acknowledged' });
    await t.app.push.delivery.flush();
    expect(payloadsTo(sub)).toEqual([]);
    expect(await t.app.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint])).toEqual([]);
  });
});
