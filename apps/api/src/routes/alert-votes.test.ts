import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridOf, votedGone, type Alert, type VoteResponse } from '@wildalert/shared';
import { openStream } from '@wildalert/test-support';
import { createTestApp, postAlert, type TestApp, staffToken } from '../../test/helpers.ts';

/** A moderator's personal API token, made for each app. */
let TOKEN = '';
/** Alerts a network may vote on a day, in this file's app. */
const BUDGET = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOTES_PER_NETWORK_PER_DAY: String(BUDGET) });
  TOKEN = await staffToken(t.app);
});
afterAll(() => t.dispose());

/** A fresh IPv4 /24 each call: its first address, or another address of the same network. */
let networks = 0;
const network = () => {
  const n = ++networks;
  return (host: number) => `10.${Math.floor(n / 250)}.${n % 250}.${host}`;
};

let places = 0;
/** An alert in a place of its own, near Toruń. */
const add = (body: Record<string, unknown> = {}) =>
  postAlert(t.app, { latitude: 53.0 + ++places / 1000, longitude: 18.6, animal: 'boar', comments: 'dzik', ...body });

const vote = (id: string, remoteAddress: string, payload: unknown = { vote: 'still-there' }) =>
  t.app.inject({ method: 'POST', url: `/Alerts/${id}/votes`, remoteAddress, payload: payload as object });

const read = async (id: string) => (await t.app.inject({ method: 'GET', url: `/Alerts/${id}` })).json<{ data: Alert }>().data;

describe('POST /Alerts/{id}/votes', () => {
  it('counts one vote per network: the first 201, a repeat from anywhere in the network 200 and nothing changed', async () => {
    const alert = await add();
    expect(alert).toMatchObject({ stillThere: 0, gone: 0, lastSeenAt: alert.createdAt });
    const home = network();

    const first = await vote(alert.id, home(1));
    expect(first.statusCode, first.body).toBe(201);
    const tally = first.json<VoteResponse>().data;
    expect(tally).toMatchObject({ alertId: alert.id, vote: 'still-there', stillThere: 1, gone: 0 });
    expect(Date.parse(tally.lastSeenAt)).toBeGreaterThan(Date.parse(alert.createdAt));

    for (const host of [1, 2, 77]) {
      const again = await vote(alert.id, home(host));
      expect(again.statusCode).toBe(200);
      expect(again.json<VoteResponse>().data).toEqual(tally);
    }
    expect(await read(alert.id)).toMatchObject({ stillThere: 1, gone: 0, lastSeenAt: tally.lastSeenAt });

    const neighbour = await vote(alert.id, network()(1));
    expect(neighbour.statusCode).toBe(201);
    expect(neighbour.json<VoteResponse>().data).toMatchObject({ stillThere: 2, gone: 0 });
  });

  it('lets a network change its vote, and "gone" leaves when it was last seen as it was', async () => {
    const alert = await add();
    const a = network();
    const b = network();
    await vote(alert.id, a(1));
    await vote(alert.id, b(1));
    const seen = (await read(alert.id)).lastSeenAt;

    const changed = await vote(alert.id, a(9), { vote: 'gone' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<VoteResponse>().data).toMatchObject({ vote: 'gone', stillThere: 1, gone: 1 });
    expect(await read(alert.id)).toMatchObject({ stillThere: 1, gone: 1 });
    expect(Date.parse((await read(alert.id)).lastSeenAt)).toBeLessThanOrEqual(Date.parse(seen));

    // Everyone says gone: it was last seen when it was reported.
    await vote(alert.id, b(1), { vote: 'gone' });
    expect(await read(alert.id)).toMatchObject({ stillThere: 0, gone: 2, lastSeenAt: alert.createdAt });
  });

  it('shows the counts wherever the alert is read: searches, GeoJSON, CSV and tiles', async () => {
    const alert = await add({ animal: 'fox' });
    const near = `Latitude=${alert.latitude}&Longitude=${alert.longitude}&Radius=0.1`;
    const { x, y } = gridOf(alert.latitude, alert.longitude, 15);
    const tile = async () =>
      (await t.app.inject({ method: 'GET', url: `/Alerts/tiles/15/${x}/${y}?animal=fox` })).json<{ alerts: Alert[] }>().alerts.find((a) => a.id === alert.id);
    expect(await tile()).toMatchObject({ stillThere: 0 }); // kept in the tile cache now
    const tally = (await vote(alert.id, network()(1))).json<VoteResponse>().data;

    const search = (await t.app.inject({ method: 'GET', url: `/Alerts?${near}` })).json<{ data: Alert[] }>().data;
    expect(search.find((a) => a.id === alert.id)).toMatchObject({ stillThere: 1, gone: 0, lastSeenAt: tally.lastSeenAt });
    expect(await tile()).toMatchObject({ stillThere: 1, lastSeenAt: tally.lastSeenAt });
    const geojson = (await t.app.inject({ method: 'GET', url: `/Alerts.geojson?${near}` })).json();
    expect(geojson.features.find((f: { id: string }) => f.id === alert.id).properties).toMatchObject({ stillThere: 1, gone: 0 });
    const csv = (await t.app.inject({ method: 'GET', url: `/Alerts.csv?${near}` })).body.split('\r\n');
    expect(csv[0]).toBe('id,latitude,longitude,animal,comments,createdAt,photos,stillThere,gone,lastSeenAt,howMany,young,behaviour,place,officialStatus,officialStatusOrganisation,officialStatusAt,officialStatusOutcome,officialStatusNote,verification,verificationBy,verificationOrganisation,verificationAt,verificationCorrectedFrom,verificationReason,verificationNote,licence');
    // Another network's "still there" makes it likely (issue 35): the level's columns say so, before the licence (none given).
    expect(csv.find((line) => line.startsWith(alert.id))).toMatch(
      new RegExp(`,1,0,${tally.lastSeenAt.replace(/\./g, '\\.')},,,,"",,"",,,"",likely,still-there,"",\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,,,"",$`),
    );
  });

  it("tells open maps' streams of the new counts, and of nothing when a vote changes nothing", async () => {
    const alert = await add({ animal: 'hare' });
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`${origin}/Alerts/stream?Latitude=${alert.latitude}&Longitude=${alert.longitude}&Radius=1`);
    try {
      await stream.next('ready');
      const home = network();
      await vote(alert.id, home(1));
      expect(JSON.parse((await stream.next('changed')).data)).toMatchObject({ id: alert.id, stillThere: 1, gone: 0 });
      await vote(alert.id, home(2)); // the same network again: no event
      await vote(alert.id, network()(1), { vote: 'gone' });
      expect(JSON.parse((await stream.next('changed')).data)).toMatchObject({ id: alert.id, stillThere: 1, gone: 1 });
      expect(stream.received.filter((e) => e.event === 'changed')).toHaveLength(2);
    } finally {
      stream.close();
    }
  });

  it('refuses with a problem and counts nothing: a bad vote, no body, an unknown, malformed or hidden alert', async () => {
    const alert = await add();
    const from = network()(1);
    for (const payload of [{ vote: 'maybe' }, {}, { vote: 'gone', extra: 1 }, { vote: ['gone'] }]) {
      const res = await vote(alert.id, from, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const bare = await t.app.inject({ method: 'POST', url: `/Alerts/${alert.id}/votes`, remoteAddress: from });
    expect(bare.statusCode).toBe(400);
    expect(await read(alert.id)).toMatchObject({ stillThere: 0, gone: 0 });

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await vote(id, from);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const hide = await t.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(hide.statusCode).toBe(204);
    expect((await vote(alert.id, from)).statusCode).toBe(404);
    const rows = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_votes WHERE alert_id = $1', [alert.id]);
    expect(rows[0]!.n).toBe(0);
  });

  it('leaves a new alert current after one network\'s "gone", or two: the report is its reporter\'s "still there"', async () => {
    const alert = await add();
    await vote(alert.id, network()(1), { vote: 'gone' });
    expect(await read(alert.id)).toMatchObject({ stillThere: 0, gone: 1 });
    expect(votedGone(await read(alert.id))).toBe(false);
    await vote(alert.id, network()(1), { vote: 'gone' });
    expect(votedGone(await read(alert.id))).toBe(false);
    // A third network: "gone" outweighs the lone report by the margin.
    await vote(alert.id, network()(1), { vote: 'gone' });
    expect(await read(alert.id)).toMatchObject({ stillThere: 0, gone: 3 });
    expect(votedGone(await read(alert.id))).toBe(true);
  });

  it('asks one "gone" more for each "still there"', async () => {
    const alert = await add();
    await vote(alert.id, network()(1), { vote: 'still-there' });
    for (let i = 0; i < 3; i++) await vote(alert.id, network()(1), { vote: 'gone' });
    expect(await read(alert.id)).toMatchObject({ stillThere: 1, gone: 3 });
    expect(votedGone(await read(alert.id))).toBe(false);
    await vote(alert.id, network()(1), { vote: 'gone' });
    expect(votedGone(await read(alert.id))).toBe(true);
  });

  it("spends a network's daily budget on each alert it votes on; spent, it is answered 429 with Retry-After and nothing changes", async () => {
    const alerts = await Promise.all(Array.from({ length: BUDGET + 1 }, () => add()));
    const last = alerts[BUDGET]!;
    const bot = network();
    // The same vote again, or a changed vote on an alert already voted on, spends nothing.
    for (const [i, alert] of alerts.slice(0, BUDGET).entries()) {
      expect((await vote(alert.id, bot(i + 1), { vote: 'gone' })).statusCode).toBe(201);
      expect((await vote(alert.id, bot(i + 100), { vote: 'gone' })).statusCode).toBe(200);
    }
    expect((await vote(alerts[0]!.id, bot(7), { vote: 'still-there' })).statusCode).toBe(200);

    const refused = await vote(last.id, bot(200), { vote: 'gone' });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ status: 429, type: '/problems/rate-limited', detail: expect.stringContaining(`${BUDGET} alerts a day`) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await read(last.id)).toMatchObject({ stillThere: 0, gone: 0 });
    const rows = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_votes WHERE alert_id = $1', [last.id]);
    expect(rows[0]!.n).toBe(0);
    // Still allowed: repeating a vote, and other networks.
    expect((await vote(alerts[1]!.id, bot(9), { vote: 'gone' })).statusCode).toBe(200);
    expect((await vote(last.id, network()(1), { vote: 'gone' })).statusCode).toBe(201);

    // A day after its first vote, the network may vote on one alert more.
    await t.app.db.query(`UPDATE alert_votes SET voted_at = voted_at - interval '24 hours' WHERE alert_id = $1`, [alerts[1]!.id]);
    expect((await vote(last.id, bot(3), { vote: 'gone' })).statusCode).toBe(201);
    expect((await vote(last.id, bot(3), { vote: 'still-there' })).statusCode).toBe(200);
    expect((await vote(alerts[1]!.id, bot(3), { vote: 'still-there' })).statusCode).toBe(429);
  });

  it('counts against the write limits', async () => {
    const limited = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '2' });
    try {
      const alert = await postAlert(limited.app, { latitude: 53.2, longitude: 18.6, animal: 'boar' });
      const from = network()(1);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await limited.app.inject({ method: 'POST', url: `/Alerts/${alert.id}/votes`, remoteAddress: from, payload: { vote: 'gone' } })).statusCode);
      expect(answers).toEqual([201, 200, 429]);
      expect((await limited.app.inject({ method: 'POST', url: `/Alerts/${alert.id}/votes`, remoteAddress: from, payload: { vote: 'gone' } })).headers['retry-after']).toBeDefined();
    } finally {
      await limited.dispose();
    }
  });
});
