import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, InboxEntry, Organisation, OrganisationBody } from '@wildalert/shared';
import { openStream, type SseStream } from '@wildalert/test-support';
import { createTestApp, organisationId, postAlert, staffToken, type TestApp } from '../../test/helpers.ts';

const CITY_GUARD = 'Straż Miejska Miasta Krakowa';
const VET = 'Powiatowy Lekarz Weterynarii w Krakowie';
const NOWA_HUTA = { latitude: 50.0716, longitude: 20.0373 };

let t: TestApp;
let origin: string;
let ADMIN = '';
let guardId = '';
let vetId = '';
const open: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ADMIN = await staffToken(t.app, 'admin');
  guardId = await organisationId(t.app, CITY_GUARD);
  vetId = await organisationId(t.app, VET);
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await t.dispose();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
const inbox = async (token: string, id: string, status = 'all') => {
  const res = await call(token, 'GET', `/staff/organisations/${id}/inbox?status=${status}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: InboxEntry[] }>().data;
};
const step = (token: string, id: string, alertId: string, body: object) => call(token, 'POST', `/staff/organisations/${id}/inbox/${alertId}/status`, body);

/** A body of an organisation somewhere far from Kraków, for the cases that make their own. */
const body = (changes: Partial<OrganisationBody> = {}): OrganisationBody => ({
  name: { pl: 'Nadleśnictwo Testowe', en: 'Test Forest District' },
  phone: '+48 12 000 00 00',
  url: 'https://example.org/',
  area: { latitude: 49.3, longitude: 19.95, radiusKm: 10 },
  rules: [{ animals: ['red-deer'], behaviours: null }],
  callFor: ['injured'],
  hours: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '16:00' }],
  inbox: true,
  ...changes,
});

describe('the organisations copied from CONTACTS_FILE at the first start', () => {
  it('are the bundled table: the City Guard with its rules, the veterinary officer without a phone, 112 without an inbox', async () => {
    const res = await call(ADMIN, 'GET', '/staff/organisations');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json<{ data: Organisation[] }>().data.map((o) => [o.name.pl, o]));
    expect(byName[CITY_GUARD]).toMatchObject({ phone: '986', inbox: true, hours: null, rules: expect.arrayContaining([{ animals: ['boar'], behaviours: null }]) });
    expect(byName[VET]).toMatchObject({ phone: null, inbox: true, rules: [{ animals: ['boar'], behaviours: ['dead-on-road', 'found-dead'] }] });
    expect(byName['Numer alarmowy']).toMatchObject({ phone: '112', inbox: false, rules: [], area: null });
  });
});

describe('an admin keeps organisations and their members', () => {
  it('creates, reads, changes and deletes one; each change in the audit log', async () => {
    const created = await call(ADMIN, 'POST', '/staff/organisations', body());
    expect(created.statusCode, created.body).toBe(201);
    const org = created.json<Organisation>();
    expect(created.headers.location).toBe(`/staff/organisations/${org.id}`);
    expect(org).toEqual({ id: org.id, ...body(), members: [] });
    expect((await call(ADMIN, 'GET', `/staff/organisations/${org.id}`)).json()).toEqual(org);

    const polygon = { type: 'Polygon' as const, coordinates: [[[19.9, 49.2], [20.0, 49.2], [20.0, 49.4], [19.9, 49.4], [19.9, 49.2]]] };
    const changed = await call(ADMIN, 'PUT', `/staff/organisations/${org.id}`, body({ area: polygon, hours: null, url: null }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ area: polygon, hours: null, url: null });

    expect((await call(ADMIN, 'DELETE', `/staff/organisations/${org.id}`)).statusCode).toBe(204);
    expect((await call(ADMIN, 'GET', `/staff/organisations/${org.id}`)).statusCode).toBe(404);
    const audit = (await call(ADMIN, 'GET', '/staff/audit?limit=10')).json<{ data: Array<{ action: string; subject: string }> }>().data;
    expect(audit.filter((e) => e.subject === org.id).map((e) => e.action)).toEqual(['organisation-deleted', 'organisation-changed', 'organisation-created']);
  });

  it.each([
    ['no Polish name', { ...body(), name: { en: 'Only English' } }],
    ['a phone of letters', body({ phone: 'call us' })],
    ['an http address', body({ url: 'http://example.org/' })],
    ['an unknown animal in a rule', body({ rules: [{ animals: ['dragon' as 'fox'], behaviours: null }] })],
    ['an hour that is none', body({ hours: [{ days: [1], from: '25:00', to: '26:00' }] })],
    ['a field it does not know', { ...body(), colour: 'red' }],
    ['a ring that does not close', body({ area: { type: 'Polygon', coordinates: [[[19.9, 49.2], [20.0, 49.2], [20.0, 49.4], [19.9, 49.4]]] } })],
    ['a point off the globe', body({ area: { type: 'Polygon', coordinates: [[[19.9, 49.2], [200, 49.2], [20.0, 99], [19.9, 49.2]]] } })],
    ['a bow tie', body({ area: { type: 'Polygon', coordinates: [[[19.9, 49.2], [20.0, 49.4], [20.0, 49.2], [19.9, 49.4], [19.9, 49.2]]] } })],
  ])('refuses %s with a 400 problem and changes nothing', async (_, payload) => {
    const before = (await call(ADMIN, 'GET', '/staff/organisations')).body;
    for (const [method, url] of [['POST', '/staff/organisations'], ['PUT', `/staff/organisations/${guardId}`]] as const) {
      const res = await call(ADMIN, method, url, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await call(ADMIN, 'GET', '/staff/organisations')).body).toBe(before);
  });

  it('lets only admins change organisations and members (403), and answers 404 for one that does not exist', async () => {
    const moderator = await staffToken(t.app, 'moderator', 'Mod');
    const before = (await call(ADMIN, 'GET', '/staff/organisations')).body;
    expect((await call(moderator, 'POST', '/staff/organisations', body())).statusCode).toBe(403);
    expect((await call(moderator, 'PUT', `/staff/organisations/${guardId}`, body())).statusCode).toBe(403);
    expect((await call(moderator, 'DELETE', `/staff/organisations/${guardId}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/staff/organisations', payload: body() })).statusCode).toBe(401);
    expect((await call(ADMIN, 'GET', '/staff/organisations')).body).toBe(before);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await call(ADMIN, 'PUT', `/staff/organisations/${nobody}`, body())).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', `/staff/organisations/${nobody}`)).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/staff/organisations/not-a-uuid')).statusCode).toBe(404);
  });

  it('adds and removes members; a member sees their own organisations only', async () => {
    const [account] = await t.app.db.query<{ id: string }>(`INSERT INTO staff_accounts (name, role) VALUES ('Ewa Strażniczka', 'responder') RETURNING id`);
    expect((await call(ADMIN, 'PUT', `/staff/organisations/${guardId}/members/${account!.id}`)).statusCode).toBe(204);
    expect((await call(ADMIN, 'PUT', `/staff/organisations/${guardId}/members/${account!.id}`)).statusCode).toBe(204);
    expect((await call(ADMIN, 'GET', `/staff/organisations/${guardId}`)).json<Organisation>().members).toContainEqual({ id: account!.id, name: 'Ewa Strażniczka' });
    expect((await call(ADMIN, 'PUT', `/staff/organisations/${guardId}/members/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await call(ADMIN, 'DELETE', `/staff/organisations/${guardId}/members/${account!.id}`)).statusCode).toBe(204);
    expect((await call(ADMIN, 'GET', `/staff/organisations/${guardId}`)).json<Organisation>().members).not.toContainEqual(expect.objectContaining({ id: account!.id }));

    const guard = await staffToken(t.app, 'responder', 'Strażnik', { memberOf: guardId });
    const mine = (await call(guard, 'GET', '/staff/organisations')).json<{ data: Organisation[] }>().data;
    expect(mine.map((o) => o.id)).toEqual([guardId]);
    expect((await call(guard, 'GET', `/staff/organisations/${vetId}`)).statusCode).toBe(403);
  });
});

describe('routing a new alert', () => {
  it("puts a boar at Nowa Huta in the City Guard's inbox, at its exact point, and in no other", async () => {
    const boar = await postAlert(t.app, { ...NOWA_HUTA, animal: 'boar', comments: 'Przy przystanku' });
    const entries = await inbox(ADMIN, guardId, 'open');
    expect(entries.find((e) => e.alert.id === boar.id)).toMatchObject({ organisationId: guardId, status: 'new', outcome: null, alert: { ...NOWA_HUTA, animal: 'boar' } });
    expect((await inbox(ADMIN, vetId)).map((e) => e.alert.id)).not.toContain(boar.id);
  });

  it("puts a dead boar found away from a road in the veterinary officer's inbox", async () => {
    const dead = await postAlert(t.app, { ...NOWA_HUTA, animal: 'boar', behaviour: 'found-dead' });
    expect((await inbox(ADMIN, vetId)).map((e) => e.alert.id)).toContain(dead.id);
  });

  it('puts a calm hare nowhere, until a rule says so', async () => {
    const hare = await postAlert(t.app, { ...NOWA_HUTA, animal: 'hare', behaviour: 'calm' });
    const [inGuard, inVet] = await Promise.all([inbox(ADMIN, guardId), inbox(ADMIN, vetId)]);
    expect([...inGuard, ...inVet].map((e) => e.alert.id)).not.toContain(hare.id);
    const hares = await call(ADMIN, 'POST', '/staff/organisations', body({ name: { pl: 'Zające' }, area: null, rules: [{ animals: ['hare'], behaviours: ['calm'] }] }));
    const next = await postAlert(t.app, { ...NOWA_HUTA, animal: 'hare', behaviour: 'calm' });
    expect((await inbox(ADMIN, hares.json().id)).map((e) => e.alert.id)).toEqual([next.id]);
    await call(ADMIN, 'DELETE', `/staff/organisations/${hares.json().id}`);
  });

  it('shows a sensitive species to the organisation at its exact point, while the public sees it coarsened', async () => {
    const wolves = await call(ADMIN, 'POST', '/staff/organisations', body({ name: { pl: 'Wilki' }, area: null, rules: [{ animals: ['wolf'], behaviours: null }] }));
    const point = { latitude: 50.01234, longitude: 19.98765 };
    const wolf = await postAlert(t.app, { ...point, animal: 'wolf' });
    expect(wolf.latitude).not.toBe(point.latitude);
    expect((await inbox(ADMIN, wolves.json().id))[0]!.alert).toMatchObject(point);
    await call(ADMIN, 'DELETE', `/staff/organisations/${wolves.json().id}`);
  });
});

describe("a responder's steps", () => {
  let GUARD = '';
  let VET_STAFF = '';
  beforeAll(async () => {
    GUARD = await staffToken(t.app, 'responder', 'Strażnik Jan', { memberOf: guardId });
    VET_STAFF = await staffToken(t.app, 'responder', 'Weterynarz Anna', { memberOf: vetId });
  });

  it('go forward only, each shown to everyone as the official status and heard by open maps', async () => {
    const boar = await postAlert(t.app, { ...NOWA_HUTA, animal: 'boar' });
    const map = await openStream(`${origin}/Alerts/stream?Latitude=${NOWA_HUTA.latitude}&Longitude=${NOWA_HUTA.longitude}&Radius=2`);
    open.push(map);
    await map.next('ready');

    const ack = await step(GUARD, guardId, boar.id, { status: 'acknowledged' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json<InboxEntry>()).toMatchObject({ status: 'acknowledged', acknowledgedAt: expect.any(String), resolvedAt: null });
    const changed = JSON.parse((await map.next('changed')).data) as Alert;
    expect(changed).toMatchObject({ id: boar.id, officialStatus: { organisation: { pl: CITY_GUARD }, status: 'acknowledged', outcome: null } });
    expect(changed.latitude).toBe(boar.latitude);

    const again = await step(GUARD, guardId, boar.id, { status: 'acknowledged' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await step(GUARD, guardId, boar.id, { status: 'on-the-way', note: 'Patrol 12' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/Alerts/${boar.id}` })).json<{ data: Alert }>().data.officialStatus).toMatchObject({
      status: 'on-the-way',
      note: 'Patrol 12',
    });
    expect((await step(GUARD, guardId, boar.id, { status: 'acknowledged' })).statusCode).toBe(409);
    const resolved = await step(GUARD, guardId, boar.id, { status: 'resolved', outcome: 'left-by-itself' });
    expect(resolved.json<InboxEntry>()).toMatchObject({ status: 'resolved', outcome: 'left-by-itself', resolvedAt: expect.any(String), note: null });
    expect((await step(GUARD, guardId, boar.id, { status: 'resolved', outcome: 'not-found' })).statusCode).toBe(409);
    expect((await inbox(GUARD, guardId, 'open')).map((e) => e.alert.id)).not.toContain(boar.id);
    expect((await inbox(GUARD, guardId, 'resolved')).map((e) => e.alert.id)).toContain(boar.id);

    const audit = (await call(ADMIN, 'GET', '/staff/audit?limit=20')).json<{ data: Array<{ action: string; subject: string; actor: string; details: object }> }>().data;
    expect(audit.filter((e) => e.subject === boar.id).map((e) => [e.action, e.actor, e.details])).toEqual([
      ['inbox-status-changed', 'Strażnik Jan', { organisationId: guardId, status: 'resolved', outcome: 'left-by-itself' }],
      ['inbox-status-changed', 'Strażnik Jan', { organisationId: guardId, status: 'on-the-way' }],
      ['inbox-status-changed', 'Strażnik Jan', { organisationId: guardId, status: 'acknowledged' }],
    ]);
  });

  it.each([
    ['an outcome without resolved', { status: 'acknowledged', outcome: 'not-found' }],
    ['resolved without an outcome', { status: 'resolved' }],
    ['handed over to nobody', { status: 'resolved', outcome: 'handed-over' }],
    ['a handedTo without handed-over', { status: 'resolved', outcome: 'not-found', handedTo: '00000000-0000-4000-8000-000000000000' }],
    ['handed over to an organisation that does not exist', { status: 'resolved', outcome: 'handed-over', handedTo: '00000000-0000-4000-8000-000000000000' }],
    ['an unknown status', { status: 'done' }],
    ['a note over 500 characters', { status: 'acknowledged', note: 'x'.repeat(501) }],
  ])('refuses %s with a 400 problem and changes nothing', async (_, payload) => {
    const boar = await postAlert(t.app, { ...NOWA_HUTA, animal: 'boar' });
    const res = await step(GUARD, guardId, boar.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await inbox(GUARD, guardId)).find((e) => e.alert.id === boar.id)).toMatchObject({ status: 'new' });
  });

  it("hands an alert over: it lands in the other organisation's inbox too", async () => {
    const boar = await postAlert(t.app, { ...NOWA_HUTA, animal: 'boar', behaviour: 'injured' });
    const emergency = await organisationId(t.app, 'Numer alarmowy');
    expect((await step(GUARD, guardId, boar.id, { status: 'resolved', outcome: 'handed-over', handedTo: emergency })).statusCode).toBe(400);
    const res = await step(GUARD, guardId, boar.id, { status: 'resolved', outcome: 'handed-over', handedTo: vetId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InboxEntry>()).toMatchObject({ outcome: 'handed-over', handedTo: vetId });
    expect((await inbox(VET_STAFF, vetId, 'open')).find((e) => e.alert.id === boar.id)).toMatchObject({ status: 'new' });
    // The veterinary officer is named by the City Guard's entry: it cannot be deleted from under it.
    expect((await call(ADMIN, 'DELETE', `/staff/organisations/${vetId}`)).statusCode).toBe(409);
  });

  it("keeps a responder of one organisation out of another's inbox, stream, steps and figures (403)", async () => {
    const dead = await postAlert(t.app, { ...NOWA_HUTA, animal: 'boar', behaviour: 'found-dead' });
    expect((await call(GUARD, 'GET', `/staff/organisations/${vetId}/inbox`)).statusCode).toBe(403);
    expect((await call(GUARD, 'GET', `/staff/organisations/${vetId}/figures`)).statusCode).toBe(403);
    expect((await step(GUARD, vetId, dead.id, { status: 'acknowledged' })).statusCode).toBe(403);
    const stream = await fetch(`${origin}/staff/organisations/${vetId}/inbox/stream`, { headers: as(GUARD) });
    expect(stream.status).toBe(403);
    expect(stream.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await inbox(VET_STAFF, vetId)).find((e) => e.alert.id === dead.id)).toMatchObject({ status: 'new' });
    // Nor step on an alert that is not in their own inbox.
    const hare = await postAlert(t.app, { ...NOWA_HUTA, animal: 'hare', behaviour: 'calm' });
    expect((await step(GUARD, guardId, hare.id, { status: 'acknowledged' })).statusCode).toBe(404);
  });

  it('streams the inbox live: a new entry, and a step on it', async () => {
    const s = await openStream(`${origin}/staff/organisations/${vetId}/inbox/stream`, undefined, as(VET_STAFF));
    open.push(s);
    expect(s.status).toBe(200);
    await s.next('ready');
    await postAlert(t.app, { ...NOWA_HUTA, animal: 'fox' });
    const dead = await postAlert(t.app, { ...NOWA_HUTA, animal: 'boar', behaviour: 'found-dead' });
    expect(JSON.parse((await s.next('entry')).data)).toEqual({ alertId: dead.id });
    await step(VET_STAFF, vetId, dead.id, { status: 'resolved', outcome: 'collected-for-testing' });
    expect(JSON.parse((await s.next('entry')).data)).toEqual({ alertId: dead.id });
    s.close();
  });
});

describe('response figures', () => {
  it('give the medians to acknowledge and to resolve, and the share resolved, over the last 30 days', async () => {
    const forest = (await call(ADMIN, 'POST', '/staff/organisations', body({ name: { pl: 'Leśnicy' }, area: null, rules: [{ animals: ['moose'], behaviours: null }] }))).json<Organisation>();
    const empty = await call(ADMIN, 'GET', `/staff/organisations/${forest.id}/figures`);
    expect(empty.json()).toEqual({ acknowledgedMedianSeconds: null, resolvedMedianSeconds: null, resolvedShare: null, entries: 0 });

    const [first, second, third] = [await postAlert(t.app, { ...NOWA_HUTA, animal: 'moose' }), await postAlert(t.app, { ...NOWA_HUTA, animal: 'moose' }), await postAlert(t.app, { ...NOWA_HUTA, animal: 'moose' })];
    // Arrivals an hour and two hours ago (acknowledged, resolved now), and one 40 days ago, outside.
    await t.app.db.query(`UPDATE inbox_entries SET created_at = now() - interval '1 hour' WHERE organisation_id = $1 AND alert_id = $2`, [forest.id, first!.id]);
    await t.app.db.query(`UPDATE inbox_entries SET created_at = now() - interval '2 hours' WHERE organisation_id = $1 AND alert_id = $2`, [forest.id, second!.id]);
    await t.app.db.query(`UPDATE inbox_entries SET created_at = now() - interval '40 days' WHERE organisation_id = $1 AND alert_id = $2`, [forest.id, third!.id]);
    expect((await step(ADMIN, forest.id, first!.id, { status: 'acknowledged' })).statusCode).toBe(200);
    expect((await step(ADMIN, forest.id, second!.id, { status: 'resolved', outcome: 'not-found' })).statusCode).toBe(200);
    const figures = (await call(ADMIN, 'GET', `/staff/organisations/${forest.id}/figures`)).json<Record<string, number>>();
    expect(figures.entries).toBe(2);
    expect(figures.resolvedShare).toBe(0.5);
    // Median of about 1 h and 2 h; resolved: 2 h (the one resolved).
    expect(figures.acknowledgedMedianSeconds).toBeGreaterThanOrEqual(5400);
    expect(figures.acknowledgedMedianSeconds).toBeLessThan(5460);
    expect(figures.resolvedMedianSeconds).toBeGreaterThanOrEqual(7200);
    expect(figures.resolvedMedianSeconds).toBeLessThan(7260);
  });
});
