/**
 * Area alerts by web push, end to end: subscriptions through the API, new alerts matched and
 * delivered to a real push service stand-in on loopback that checks the VAPID JWT and decrypts
 * each payload as a browser would.
 */
import dns from 'node:dns';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload, PushSubscriptionInfo } from '@wildalert/shared';
import { startPushService, type BrowserSubscription, type PushService } from '@wildalert/test-support';
import { gridCellCentre } from '../repositories/public-location.ts';
import { isPublicAddress } from '../push/push-services.ts';
import { createTestApp, engine, postAlert, staffToken, type TestApp } from '../../test/helpers.ts';

/** A moderator's personal API token, made for each app. */
let TOKEN = '';
let t: TestApp;
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: `${push.host} 127.0.0.1:9`, VAPID_SUBJECT: 'mailto:ops@wildalert.test' });
  TOKEN = await staffToken(t.app);
});
afterAll(async () => {
  await t?.dispose();
  await push?.close();
});

/**
 * Each case its own place, ~45 km from the last, so that one case's alerts reach no other's
 * subscriptions (10 km at most); north of 48°, where a sensitive species' cell is over 1.5 km wide.
 */
let places = 0;
function newPlace() {
  places += 1;
  return { latitude: 48 + places * 0.4, longitude: 15 + places * 0.4 };
}

/** `metres` north of a point. */
const north = (p: { latitude: number; longitude: number }, metres: number) => ({
  latitude: p.latitude + metres / 111_195,
  longitude: p.longitude,
});

function subscribe(sub: BrowserSubscription, area: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/PushSubscriptions', payload: { ...sub, ...area } });
}

async function subscribed(area: Record<string, unknown>): Promise<BrowserSubscription> {
  const sub = push.subscribe();
  const res = await subscribe(sub, area);
  expect(res.statusCode, res.body).toBe(201);
  return sub;
}

const lookup = (sub: BrowserSubscription) =>
  t.app.inject({ method: 'POST', url: '/PushSubscriptions/lookup', payload: { endpoint: sub.endpoint, auth: sub.keys.auth } });

/** Runs delivery to the end: every committed alert matched, every due notification sent. */
const deliver = () => t.app.push.delivery.flush();

const sentTo = (sub: BrowserSubscription) => push.received.filter((r) => r.endpoint === sub.endpoint);
const payloadsTo = (sub: BrowserSubscription) => sentTo(sub).map((r) => r.payload as PushPayload);

/** As if the coalescing time (or a retry's back-off) had passed. */
const timePasses = () => t.app.db.query('UPDATE push_jobs SET run_at = now()');

const hide = (id: string) => t.app.inject({ method: 'DELETE', url: `/Alerts/${id}`, headers: { authorization: `Bearer ${TOKEN}` } });

describe('subscriptions', () => {
  it('hands out one VAPID public key', async () => {
    const first = await t.app.inject({ url: '/PushSubscriptions/key' });
    expect(first.statusCode).toBe(200);
    const key = first.json<{ data: { publicKey: string } }>().data.publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ url: '/PushSubscriptions/key' })).json()).toEqual({ data: { publicKey: key } });
  });

  it('creates a subscription, changes it by endpoint, and shows it only to the holder of its auth secret', async () => {
    const place = newPlace();
    const sub = push.subscribe();
    const created = await subscribe(sub, { ...place, radius: 2 });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ data: PushSubscriptionInfo }>().data).toMatchObject({
      endpoint: sub.endpoint, ...place, radius: 2, animals: null, paused: false, quietHours: null, lastNotifiedAt: null,
    });
    const changed = await subscribe(sub, { ...place, radius: 5, animals: ['boar', 'fox'] });
    expect(changed.statusCode).toBe(200);
    const read = await lookup(sub);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: PushSubscriptionInfo }>().data).toMatchObject({ radius: 5, animals: ['boar', 'fox'] });
    expect(JSON.stringify(read.json())).not.toContain(sub.keys.auth);

    const other = push.subscribe();
    const wrongAuth = { endpoint: sub.endpoint, auth: other.keys.auth };
    const notYours = await t.app.inject({ method: 'POST', url: '/PushSubscriptions/lookup', payload: wrongAuth });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.headers['content-type']).toMatch(/^application\/problem\+json/);
    const takeover = await subscribe({ endpoint: sub.endpoint, keys: other.keys }, { ...place, radius: 10 });
    expect(takeover.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: '/PushSubscriptions', payload: wrongAuth })).statusCode).toBe(404);
    expect((await lookup(sub)).json<{ data: PushSubscriptionInfo }>().data.radius).toBe(5);

    const deleted = await t.app.inject({ method: 'DELETE', url: '/PushSubscriptions', payload: { endpoint: sub.endpoint, auth: sub.keys.auth } });
    expect(deleted.statusCode).toBe(204);
    expect((await lookup(sub)).statusCode).toBe(404);
  });

  it.each([
    ['a radius under 0.5 km', { radius: 0.4 }],
    ['a radius over 10 km', { radius: 10.5 }],
    ['an unknown animal', { animals: ['dragon'] }],
    ['no animals (null means every animal)', { animals: [] }],
    ['an unknown field', { email: 'a@b.c' }],
    ['a key that is no P-256 point', { keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }],
    ['an auth secret of the wrong size', { keys: { p256dh: 'x', auth: 'AAAA' } }],
    ['an endpoint that is no https URL', { endpoint: 'http://push.example/abc' }],
    ['an unknown time zone', { quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Atlantis' } }],
    ['a quiet hour of 25:00', { quietHours: { start: '25:00', end: '07:00', timeZone: 'Europe/Warsaw' } }],
  ])('refuses %s with a problem, storing nothing', async (_, bad) => {
    const sub = push.subscribe();
    const body = { ...sub, ...newPlace(), radius: 1, ...bad } as BrowserSubscription;
    const res = await t.app.inject({ method: 'POST', url: '/PushSubscriptions', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, type: '/problems/validation' });
    expect((await lookup(sub)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it("come in the subscription's language: the one it states, else Accept-Language's, else Polish", async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>, string, string]> = [
      [{ language: 'uk' }, { 'accept-language': 'en' }, 'uk', 'Нове повідомлення поблизу'],
      [{}, { 'accept-language': 'en-GB,en;q=0.9' }, 'en', 'New report nearby'],
      [{}, { 'accept-language': 'fr' }, 'pl', 'Nowe zgłoszenie w pobliżu'],
    ];
    for (const [stated, headers, language, title] of cases) {
      const home = newPlace();
      const sub = push.subscribe();
      const res = await t.app.inject({ method: 'POST', url: '/PushSubscriptions', headers, payload: { ...sub, ...home, radius: 1, ...stated } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.language).toBe(language);
      await postAlert(t.app, { ...north(home, 100), animal: 'fox' });
      await deliver();
      expect(payloadsTo(sub)).toMatchObject([{ title, lang: language }]);
    }
  });

  it('tells a subscription of an alert inside its radius, not one outside, encrypted and signed', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 1 });
    const near = await postAlert(t.app, { ...north(home, 800), animal: 'boar', comments: 'Ryje trawnik\npod blokiem & <b>uwaga</b>' });
    await postAlert(t.app, { ...north(home, 1200), animal: 'fox' });
    await deliver();
    expect(push.refused).toEqual([]);
    expect(payloadsTo(sub)).toEqual([
      {
        title: 'Nowe zgłoszenie w pobliżu',
        body: 'Dzik, 800 m od Twojego miejsca: „Ryje trawnik pod blokiem & <b>uwaga</b>”',
        url: `/WildAlertApp/alerts/${near.id}`,
        lang: 'pl',
        alertIds: [near.id],
      },
    ]);
    const [message] = sentTo(sub);
    expect(message).toMatchObject({ topic: 'wildalert-area', urgency: 'normal', ttl: '86400' });
    expect(message!.claims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@wildalert.test' });
    expect((await lookup(sub)).json<{ data: PushSubscriptionInfo }>().data.lastNotifiedAt).not.toBeNull();
  });

  it('tells only of the animals chosen', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 3, animals: ['fox', 'badger'] });
    await postAlert(t.app, { ...home, animal: 'boar' });
    const fox = await postAlert(t.app, { ...home, animal: 'fox' });
    await deliver();
    expect(payloadsTo(sub).map((p) => p.alertIds)).toEqual([[fox.id]]);
  });

  it('sends at most one notification per 10 minutes, then one summary of what came meanwhile', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 5 });
    await postAlert(t.app, { ...home, animal: 'hare' });
    await deliver();
    expect(sentTo(sub)).toHaveLength(1);
    const a = await postAlert(t.app, { ...north(home, 100), animal: 'boar' });
    const b = await postAlert(t.app, { ...north(home, 200), animal: 'fox' });
    const c = await postAlert(t.app, { ...north(home, 1500), animal: 'boar', comments: 'Wataha przy szkole' });
    await deliver();
    expect(sentTo(sub)).toHaveLength(1);
    await timePasses();
    await deliver();
    expect(payloadsTo(sub)[1]).toEqual({
      title: '3 nowe zgłoszenia: 2 dziki, 1 lis',
      body: 'Najnowsze: Dzik, 1,5 km od Twojego miejsca: „Wataha przy szkole”',
      url: `/WildAlertApp/alerts/${c.id}`,
      lang: 'pl',
      alertIds: [c.id, b.id, a.id],
    });
    expect(sentTo(sub).map((m) => m.topic)).toEqual(['wildalert-area', 'wildalert-area']);
  });

  it('holds notifications during quiet hours and sends them after', async () => {
    const home = newPlace();
    const now = new Date();
    const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
    const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const quietHours = { start: hhmm((minutes + 1380) % 1440), end: hhmm((minutes + 60) % 1440), timeZone: 'UTC' };
    const sub = await subscribed({ ...home, radius: 2, quietHours });
    const alert = await postAlert(t.app, { ...home, animal: 'badger' });
    await deliver();
    await timePasses();
    await deliver();
    expect(sentTo(sub)).toEqual([]);
    // The quiet hours are over (here: removed).
    expect((await subscribe(sub, { ...home, radius: 2, quietHours: null })).statusCode).toBe(200);
    await timePasses();
    await deliver();
    expect(payloadsTo(sub).map((p) => p.alertIds)).toEqual([[alert.id]]);
  });

  it('tells a paused subscription nothing, and a resumed one of what comes next', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 2 });
    const pause = (paused: boolean) =>
      t.app.inject({ method: 'POST', url: '/PushSubscriptions/pause', payload: { endpoint: sub.endpoint, auth: sub.keys.auth, paused } });
    expect((await pause(true)).json<{ data: PushSubscriptionInfo }>().data.paused).toBe(true);
    await postAlert(t.app, { ...home, animal: 'beaver' });
    await deliver();
    expect(sentTo(sub)).toEqual([]);
    expect((await pause(false)).statusCode).toBe(200);
    const next = await postAlert(t.app, { ...home, animal: 'beaver' });
    await deliver();
    expect(payloadsTo(sub).map((p) => p.alertIds)).toEqual([[next.id]]);
  });

  it('deletes a subscription its push service says is gone (410)', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 2 });
    push.answer(sub, 410);
    await postAlert(t.app, { ...home, animal: 'boar' });
    await deliver();
    expect(sentTo(sub).map((m) => m.status)).toEqual([410]);
    expect((await lookup(sub)).statusCode).toBe(404);
    await postAlert(t.app, { ...home, animal: 'boar' });
    await timePasses();
    await deliver();
    expect(sentTo(sub)).toHaveLength(1);
  });

  it('tries again after the push service fails (500, 429), and not before its back-off', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 2 });
    push.answer(sub, 500, 429);
    const alert = await postAlert(t.app, { ...home, animal: 'marten' });
    await deliver();
    expect(sentTo(sub).map((m) => m.status)).toEqual([500]);
    await deliver();
    expect(sentTo(sub)).toHaveLength(1);
    await timePasses();
    await deliver();
    await timePasses();
    await deliver();
    expect(sentTo(sub).map((m) => m.status)).toEqual([500, 429, 201]);
    expect(payloadsTo(sub).map((p) => p.alertIds)).toEqual([[alert.id], [alert.id], [alert.id]]);
    expect((await lookup(sub)).statusCode).toBe(200);
  });

  it('drops a queued notification whose alert is hidden before it is sent', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 2 });
    const shown = await postAlert(t.app, { ...home, animal: 'fox' });
    await deliver();
    const queued = await postAlert(t.app, { ...home, animal: 'boar', comments: 'more spam' });
    await deliver();
    expect((await hide(queued.id)).statusCode).toBe(204);
    await timePasses();
    await deliver();
    expect(payloadsTo(sub).map((p) => p.alertIds)).toEqual([[shown.id]]);
    expect(await t.app.db.query('SELECT 1 FROM push_jobs j JOIN push_subscriptions s ON s.id = j.subscription_id WHERE s.endpoint = $1', [sub.endpoint])).toEqual([]);
  });

  it('tells of a sensitive species at its published cell, with the distance from there', async () => {
    const place = newPlace();
    const cell = gridCellCentre(place);
    // Near a corner of the cell: about 700 m from its centre.
    const corner = { latitude: cell.latitude + 0.0049, longitude: cell.longitude + 0.0075 };
    expect(gridCellCentre(corner)).toEqual(cell);
    const atExactPoint = await subscribed({ ...corner, radius: 0.5 });
    const atCell = await subscribed({ ...north(cell, 100), radius: 0.5 });
    // Not this network's first wolf, which would wait for a look (issue 35's plausibility checks).
    await postAlert(t.app, { ...newPlace(), animal: 'wolf' });
    const wolf = await postAlert(t.app, { ...corner, animal: 'wolf', comments: 'Wilk' });
    await deliver();
    expect(sentTo(atExactPoint)).toEqual([]);
    expect(payloadsTo(atCell)).toEqual([
      expect.objectContaining({ body: 'Wilk, 100 m od Twojego miejsca: „Wilk”', alertIds: [wolf.id] }),
    ]);
  });

  it('answers POST /Alerts at once while the push service does not answer at all', async () => {
    const home = newPlace();
    // Nobody listens there: every attempt fails, and is retried later.
    const sub = { ...push.subscribe(), endpoint: 'https://127.0.0.1:9/push/nobody' };
    expect((await subscribe(sub, { ...home, radius: 2 })).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { ...home, animal: 'badger' } });
    expect(res.statusCode).toBe(201);
    await deliver();
    const jobs = await t.app.db.query<{ attempts: number; later: boolean }>(
      `SELECT j.attempts, j.run_at > now() AS later FROM push_jobs j JOIN push_subscriptions s ON s.id = j.subscription_id WHERE s.endpoint = $1`,
      [sub.endpoint],
    );
    expect(jobs).toEqual([{ attempts: 1, later: true }]);
  });
});

describe('abuse', () => {
  // A limit kept in memory, whatever the database (its queries run on both engines in the other tests): once, on PostgreSQL.
  it.runIf(engine() === 'postgres')('limits subscriptions per client like other anonymous writes', async () => {
    const limited = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: push.host, RATE_LIMIT_POSTS_PER_MINUTE: '2' });
    try {
      const subs = [push.subscribe(), push.subscribe(), push.subscribe()];
      const answers = [];
      for (const sub of subs) {
        answers.push(await limited.app.inject({ method: 'POST', url: '/PushSubscriptions', payload: { ...sub, ...newPlace(), radius: 1 } }));
      }
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      expect(answers[2]!.headers['content-type']).toMatch(/^application\/problem\+json/);
      const third = { endpoint: subs[2]!.endpoint, auth: subs[2]!.keys.auth };
      expect((await limited.app.inject({ method: 'POST', url: '/PushSubscriptions/lookup', payload: third })).statusCode).toBe(404);
    } finally {
      await limited.dispose();
    }
  });
});

describe('push services only, never our own network', () => {
  const problemOf = (res: { json<T>(): T }) => res.json<{ errors?: Record<string, Array<{ code: string }>> }>().errors?.endpoint?.[0]?.code;

  it('refuses endpoints outside PUSH_SERVICES, in any spelling of loopback, and stores nothing', async () => {
    for (const endpoint of [
      'https://127.0.0.1/push/x',
      'https://127.1:8443/push/x',
      'https://2130706433/push/x',
      'https://[::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://localhost/push/x',
      'https://169.254.169.254/latest/meta-data',
      `https://localhost:${new URL(push.origin).port}/push/x`,
      'https://push.example.org/push/x',
    ]) {
      const sub = { ...push.subscribe(), endpoint };
      const res = await subscribe(sub, { ...newPlace(), radius: 1 });
      expect(res.statusCode, endpoint).toBe(400);
      expect(problemOf(res), endpoint).toBe('not_push_service');
      expect((await lookup(sub)).statusCode).toBe(404);
    }
  });

  it('checks again when sending: a stored endpoint no longer allowed is never connected to, and is deleted', async () => {
    const home = newPlace();
    const sub = push.subscribe();
    expect((await subscribe(sub, { ...home, radius: 2 })).statusCode).toBe(201);
    // As if it had been allowed when stored (an earlier PUSH_SERVICES): the same push service, by another name.
    const renamed = sub.endpoint.replace('127.0.0.1', 'localhost');
    await t.app.db.query('UPDATE push_subscriptions SET endpoint = $2 WHERE endpoint = $1', [sub.endpoint, renamed]);
    const before = push.connections();
    await postAlert(t.app, { ...home, animal: 'fox' });
    await deliver();
    expect(push.connections()).toBe(before);
    expect(await t.app.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [renamed])).toEqual([]);
  });

  it('does not follow a redirect: the notification is given up after the one request', async () => {
    const home = newPlace();
    const sub = await subscribed({ ...home, radius: 2 });
    push.answer(sub, 307);
    await postAlert(t.app, { ...home, animal: 'hare' });
    await deliver();
    expect(sentTo(sub).map((r) => r.status)).toEqual([307]);
    expect(await t.app.db.query('SELECT 1 FROM push_jobs j JOIN push_subscriptions s ON s.id = j.subscription_id WHERE s.endpoint = $1', [sub.endpoint])).toEqual([]);
  });

  describe('with any public host allowed (PUSH_SERVICES=*)', () => {
    let open: TestApp;
    beforeAll(async () => {
      open = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: '*', PUSH_SUBSCRIPTIONS_PER_NETWORK: '2', PUSH_SUBSCRIPTIONS_PER_HOST: '2' });
    });
    afterAll(() => open?.dispose());

    const subscribeFrom = (remoteAddress: string, endpoint: string) =>
      open.app.inject({ method: 'POST', url: '/PushSubscriptions', remoteAddress, payload: { ...push.subscribe(), endpoint, ...newPlace(), radius: 1 } });

    it('refuses every private, local or unresolvable host, checking names in DNS', async () => {
      for (const endpoint of ['https://127.0.0.1/x', 'https://0x7f.1/x', 'https://[::1]/x', 'https://10.0.0.7/x', 'https://169.254.169.254/x', 'https://[fd00::1]/x', 'https://localhost/x']) {
        const res = await subscribeFrom('192.0.2.10', endpoint);
        expect(res.statusCode, endpoint).toBe(400);
        expect(problemOf(res), endpoint).toBe('not_public_address');
      }
      // A name that resolves to loopback (this machine's own), and one that does not resolve.
      const own = await subscribeFrom('192.0.2.10', `https://${os.hostname()}/x`);
      expect(problemOf(own)).toBe('not_public_address');
      // Names that do not resolve, one starting with a digit too (it is a name, not an address).
      for (const endpoint of ['https://push.invalid/x', 'https://9.push.invalid/x', 'https://[::a9fe:a9fe]/x']) {
        expect(problemOf(await subscribeFrom('192.0.2.10', endpoint)), endpoint).toBe('not_public_address');
      }
    });

    it('refuses at connection time a name that resolves to one of our addresses', async () => {
      const addresses = await dns.promises.lookup(os.hostname(), { all: true });
      expect(addresses.every((a) => !isPublicAddress(a.address)), `${os.hostname()} must resolve to this machine for this test`).toBe(true);
      const home = newPlace();
      const sub = push.subscribe();
      // Stored as if its name had resolved to a public address when subscribing (DNS rebinding).
      const endpoint = sub.endpoint.replace('127.0.0.1', os.hostname());
      await open.app.db.query(
        `INSERT INTO push_subscriptions (endpoint, p256dh, auth, location, radius_m) VALUES ($1, $2, $3, ST_SetSRID(ST_MakePoint($4, $5), 4326)::geography, 2000)`,
        [endpoint, sub.keys.p256dh, sub.keys.auth, home.longitude, home.latitude],
      );
      const before = push.connections();
      await postAlert(open.app, { ...home, animal: 'boar' });
      await open.app.push.delivery.flush();
      expect(push.connections()).toBe(before);
      // Dropped, not retried; the subscription stays (the name may resolve elsewhere again).
      expect(await open.app.db.query('SELECT j.attempts FROM push_jobs j JOIN push_subscriptions s ON s.id = j.subscription_id WHERE s.endpoint = $1', [endpoint])).toEqual([]);
      expect(await open.app.db.query('SELECT 1 AS kept FROM push_subscriptions WHERE endpoint = $1', [endpoint])).toEqual([{ kept: 1 }]);
    });

    it('holds at most PUSH_SUBSCRIPTIONS_PER_NETWORK per network and _PER_HOST per push-service host', async () => {
      // Public addresses that nothing here sends to: no alert is posted near them.
      const fromOneNetwork = await Promise.all(['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((from, i) => subscribeFrom(from, `https://8.8.8.8/net/${i}`)));
      expect(fromOneNetwork.map((r) => r.statusCode).sort()).toEqual([201, 201, 429]);
      const refused = fromOneNetwork.find((r) => r.statusCode === 429)!;
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another network may still subscribe, but 8.8.8.8 holds its two already, however it is spelt.
      for (const endpoint of ['https://8.8.8.8/net/3', 'https://[::ffff:8.8.8.8]/net/3', 'https://8.8.8.8:8443/net/3']) {
        expect((await subscribeFrom('203.0.113.1', endpoint)).statusCode, endpoint).toBe(429);
      }
      expect((await subscribeFrom('203.0.113.1', 'https://8.8.4.4/net/4')).statusCode).toBe(201);
      // Changing an existing subscription is not a new one.
      const [{ endpoint, auth, p256dh }] = (await open.app.db.query<{ endpoint: string; auth: string; p256dh: string }>(
        "SELECT endpoint, auth, p256dh FROM push_subscriptions WHERE endpoint LIKE 'https://8.8.8.8/%' LIMIT 1",
      )) as [{ endpoint: string; auth: string; p256dh: string }];
      const change = await open.app.inject({
        method: 'POST', url: '/PushSubscriptions', remoteAddress: '198.51.100.9', payload: { endpoint, keys: { p256dh, auth }, ...newPlace(), radius: 3 },
      });
      expect(change.statusCode).toBe(200);
    });
  });
});
