/**
 * Official notices over real HTTP: a member of an organisation (or an admin) posts and removes
 * them, anyone else is refused; bad notices are refused with what is wrong; GET /Notices answers
 * those in force whose area meets the circle, and not once they ended; each post and removal is
 * audited; a posted notice is pushed once to the subscriptions around it, in their language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice, PushPayload } from '@wildalert/shared';
import { StaffClient, startPushService, type PushService } from '@wildalert/test-support';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { firstAdminLink } from '../staff/first-admin.ts';

let t: TestApp;
let push: PushService;
let origin: string;
let admin: StaffClient;
let member: StaffClient;
let outsider: StaffClient;
let guard: string;
let vet: string;

/** Lasek Wolski, and a point in the city centre 5 km east of it. */
const WOLSKI = { latitude: 50.0546, longitude: 19.8671 };
const CENTRE = { latitude: 50.0614, longitude: 19.9366 };

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

async function invited(name: string): Promise<StaffClient> {
  const { data } = await admin.json<{ data: { link: string } }>('POST', '/staff/invites', { name, role: 'responder' }, 201);
  const client = new StaffClient(origin);
  await client.acceptInvite(data.link);
  return client;
}

async function organisation(name: string, members: StaffClient[]): Promise<string> {
  const [row] = await t.app.db.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ($1) RETURNING id`, [JSON.stringify({ pl: name, en: `${name} (en)` })]);
  for (const m of members) {
    const me = await m.json<{ data: { id: string } }>('GET', '/staff/me', undefined, 200);
    await t.app.db.query('INSERT INTO organisation_members (organisation_id, account_id) VALUES ($1, $2)', [row!.id, me.data.id]);
  }
  return row!.id;
}

const notice = (over: Record<string, unknown> = {}) => ({
  text: { pl: 'Odłów dzików w Lasku Wolskim do 18:00 — omijaj teren' },
  area: { ...WOLSKI, radiusKm: 1.5 },
  endsAt: inHours(4),
  ...over,
});

const publicNotices = async (at: { latitude: number; longitude: number }, radius: number) => {
  const res = await t.app.inject({ url: `/Notices?Latitude=${at.latitude}&Longitude=${at.longitude}&Radius=${radius}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=30');
  return res.json<{ data: Notice[] }>().data;
};

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ PUSH_CA_FILE: push.caFile, PUSH_SERVICES: push.host });
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  admin = new StaffClient(origin);
  await admin.acceptInvite((await firstAdminLink(t.app.staff, origin))!, 'Anna Admin');
  member = await invited('Marek Strażnik');
  outsider = await invited('Olga Weterynarz');
  guard = await organisation('Straż Miejska', [member]);
  vet = await organisation('Powiatowy Lekarz Weterynarii', [outsider]);
});
afterAll(async () => {
  await t?.dispose();
  await push?.close();
});

describe('posting', () => {
  it('a member posts a notice, shown around its area with the organisation, and removes it; each step audited', async () => {
    const { data } = await member.json<{ data: Notice }>('POST', `/staff/organisations/${guard}/notices`, notice({ text: { pl: 'Odłów', en: 'Boar capture' } }), 201);
    expect(data).toMatchObject({ organisation: { id: guard, name: { pl: 'Straż Miejska' } }, text: { pl: 'Odłów', en: 'Boar capture' }, area: { ...WOLSKI, radiusKm: 1.5 } });
    expect(Date.parse(data.startsAt)).toBeLessThanOrEqual(Date.now());
    // 5 km away: a 4 km circle meets a 1.5 km area; a 3 km circle does not.
    expect((await publicNotices(CENTRE, 4)).map((n) => n.id)).toContain(data.id);
    expect((await publicNotices(CENTRE, 3)).map((n) => n.id)).not.toContain(data.id);
    const own = await member.json<{ data: Notice[] }>('GET', `/staff/organisations/${guard}/notices`, undefined, 200);
    expect(own.data.map((n) => n.id)).toContain(data.id);

    const res = await member.fetch('DELETE', `/staff/organisations/${guard}/notices/${data.id}`);
    expect(res.status).toBe(204);
    expect((await publicNotices(CENTRE, 4)).map((n) => n.id)).not.toContain(data.id);
    const again = await member.fetch('DELETE', `/staff/organisations/${guard}/notices/${data.id}`);
    expect(again.status).toBe(404);
    const audit = await t.app.db.query<{ action: string; actor: string }>('SELECT action, actor FROM audit_log WHERE subject = $1 ORDER BY id', [data.id]);
    expect(audit).toEqual([
      { action: 'notice-posted', actor: 'Marek Strażnik' },
      { action: 'notice-removed', actor: 'Marek Strażnik' },
    ]);
  });

  it("refuses a member of another organisation (403) and changes nothing; an admin may post for any", async () => {
    const before = await publicNotices(WOLSKI, 1);
    const res = await outsider.fetch('POST', `/staff/organisations/${guard}/notices`, notice());
    expect(res.status).toBe(403);
    expect((await outsider.fetch('GET', `/staff/organisations/${guard}/notices`)).status).toBe(403);
    expect(await publicNotices(WOLSKI, 1)).toEqual(before);
    const { data } = await admin.json<{ data: Notice }>('POST', `/staff/organisations/${vet}/notices`, notice({ text: { uk: 'Обережно' } }), 201);
    expect(data.organisation.id).toBe(vet);
    expect((await member.fetch('DELETE', `/staff/organisations/${guard}/notices/${data.id}`)).status).toBe(404);
    expect((await new StaffClient(origin).fetch('POST', `/staff/organisations/${guard}/notices`, notice())).status).toBe(401);
  });

  it.each([
    ['no text', { text: {} }, 'text'],
    ['a text of 301 characters', { text: { pl: 'x'.repeat(301) } }, 'text'],
    ['a text in another language', { text: { de: 'Achtung' } }, 'text'],
    ['a circle of 21 km', { area: { ...WOLSKI, radiusKm: 21 } }, 'area'],
    ['a self-crossing polygon', { area: { type: 'Polygon', coordinates: [[[19.86, 50.05], [19.87, 50.06], [19.87, 50.05], [19.86, 50.06], [19.86, 50.05]]] } }, 'area'],
    // The web form refuses these two as well (apps/web's ringCrosses): the server must agree.
    ['a polygon with a side touching a corner', { area: { type: 'Polygon', coordinates: [[[19.86, 50.05], [19.88, 50.05], [19.88, 50.07], [19.87, 50.05], [19.86, 50.07], [19.86, 50.05]]] } }, 'area'],
    ['a polygon of three corners on a line', { area: { type: 'Polygon', coordinates: [[[19.86, 50.05], [19.87, 50.05], [19.88, 50.05], [19.86, 50.05]]] } }, 'area'],
    ['an open ring', { area: { type: 'Polygon', coordinates: [[[19.86, 50.05], [19.87, 50.05], [19.87, 50.06], [19.86, 50.06]]] } }, 'area'],
    ['a polygon larger than a 20 km circle', { area: { type: 'Polygon', coordinates: [[[19.5, 49.8], [20.3, 49.8], [20.3, 50.3], [19.5, 50.3], [19.5, 49.8]]] } }, 'area'],
    ['an end before the start', { startsAt: inHours(3), endsAt: inHours(2) }, 'endsAt'],
    ['an end in the past', { startsAt: inHours(-3), endsAt: inHours(-1) }, 'endsAt'],
    ['eight days', { endsAt: inHours(8 * 24) }, 'endsAt'],
  ])('refuses %s (400, naming the field) and stores nothing', async (_, over, field) => {
    const [{ n: before }] = (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices')) as [{ n: number }];
    const res = await member.fetch('POST', `/staff/organisations/${guard}/notices`, notice(over));
    expect(res.status, await res.clone().text()).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { errors?: Record<string, unknown> };
    expect(Object.keys(body.errors ?? {}).join(' ')).toContain(field);
    const [{ n: after }] = (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices')) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('takes a polygon, and a notice starting later, which shows only from its start', async () => {
    const area = { type: 'Polygon', coordinates: [[[19.86, 50.05], [19.875, 50.05], [19.875, 50.06], [19.86, 50.06], [19.86, 50.05]]] };
    const later = await member.json<{ data: Notice }>('POST', `/staff/organisations/${guard}/notices`, notice({ area, startsAt: inHours(2), endsAt: inHours(5) }), 201);
    expect((await publicNotices(WOLSKI, 1)).map((n) => n.id)).not.toContain(later.data.id);
    await t.app.db.query(`UPDATE notices SET starts_at = now() - interval '1 minute' WHERE id = $1`, [later.data.id]);
    expect((await publicNotices(WOLSKI, 1)).find((n) => n.id === later.data.id)?.area).toEqual(area);
  });
});

describe('expiry', () => {
  it('a notice leaves GET /Notices once it ends, with no job run', async () => {
    const { data } = await member.json<{ data: Notice }>('POST', `/staff/organisations/${guard}/notices`, notice(), 201);
    expect((await publicNotices(WOLSKI, 1)).map((n) => n.id)).toContain(data.id);
    // Its end reached: moved back in time rather than waited for.
    await t.app.db.query(`UPDATE notices SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 second' WHERE id = $1`, [data.id]);
    expect((await publicNotices(WOLSKI, 1)).map((n) => n.id)).not.toContain(data.id);
    // Still in its organisation's list of the past week.
    const own = await member.json<{ data: Notice[] }>('GET', `/staff/organisations/${guard}/notices`, undefined, 200);
    expect(own.data.map((n) => n.id)).toContain(data.id);
  });
});

describe('push', () => {
  it("pushes a notice once to each subscription whose circle meets its area, in the subscription's language, else another given", async () => {
    const near = push.subscribe();
    const nearEn = push.subscribe();
    const far = push.subscribe();
    const justOut = push.subscribe();
    const paused = push.subscribe();
    const sleeping = push.subscribe();
    // Quiet from an hour ago to an hour from now, in UTC.
    const hhmm = (h: number) => `${String((new Date().getUTCHours() + h + 24) % 24).padStart(2, '0')}:00`;
    for (const [sub, at, language, extra] of [
      [sleeping, WOLSKI, 'pl', { quietHours: { start: hhmm(-1), end: hhmm(2), timeZone: 'UTC' } }],
      [near, WOLSKI, 'pl', {}],
      [nearEn, { latitude: WOLSKI.latitude + 0.02, longitude: WOLSKI.longitude }, 'en', {}],
      [far, CENTRE, 'pl', {}],
      // 3.3 km from the area's centre: its 1-km circle misses the 1.5-km area by 0.8 km.
      [justOut, { latitude: WOLSKI.latitude + 0.03, longitude: WOLSKI.longitude }, 'pl', {}],
      [paused, WOLSKI, 'pl', { paused: true }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/PushSubscriptions', payload: { ...sub, ...at, radius: 1, language, ...extra } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { data } = await member.json<{ data: Notice }>('POST', `/staff/organisations/${guard}/notices`, notice(), 201);
    await t.app.push.delivery.flush();
    await t.app.push.delivery.flush();
    const got = (endpoint: string) => push.received.filter((r) => r.endpoint === endpoint).map((r) => r.payload as PushPayload);
    expect(got(near.endpoint)).toEqual([
      expect.objectContaining({ title: 'Komunikat: Straż Miejska', body: 'Odłów dzików w Lasku Wolskim do 18:00 — omijaj teren', noticeIds: [data.id], alertIds: [] }),
    ]);
    // Written in Polish only: the English subscriber reads it in Polish, under an English title.
    expect(got(nearEn.endpoint)).toEqual([expect.objectContaining({ title: 'Notice from Straż Miejska (en)', body: 'Odłów dzików w Lasku Wolskim do 18:00 — omijaj teren', lang: 'en' })]);
    // No topic: an area alert coming after it does not replace it at a push service holding it for a device that is offline.
    expect(push.received.find((r) => r.endpoint === near.endpoint)!.topic).toBeUndefined();
    expect(got(far.endpoint)).toEqual([]);
    expect(got(justOut.endpoint)).toEqual([]);
    expect(got(paused.endpoint)).toEqual([]);
    // Quiet now: kept for when its quiet hours end.
    expect(got(sleeping.endpoint)).toEqual([]);
    const [waiting] = await t.app.db.query<{ later: boolean }>(
      `SELECT j.run_at > now() + interval '50 minutes' AS later FROM push_jobs j JOIN push_subscriptions s ON s.id = j.subscription_id WHERE s.endpoint = $1`,
      [sleeping.endpoint],
    );
    expect(waiting).toEqual({ later: true });
    const [{ n }] = (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_pending_notices')) as [{ n: number }];
    expect(n).toBe(1);
  });
});
