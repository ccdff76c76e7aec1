import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_LEVELS, type AreasResponse, type BehavioursResponse, type HoursResponse, type ResponseTimes, type TrendResponse, type VerificationCounts } from '@wildalert/shared';
import { createTestApp, organisationId, postAlert, staffToken, type TestApp } from '../../test/helpers.ts';
import { todayIn } from '../services/dashboard-service.ts';

const TZ = 'Europe/Warsaw';
// Two squares sharing the edge at longitude 19.95; "Zachód" is listed first.
const AREAS = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'Zachód' }, geometry: { type: 'Polygon', coordinates: [[[19.9, 50.0], [19.95, 50.0], [19.95, 50.1], [19.9, 50.1], [19.9, 50.0]]] } },
    { type: 'Feature', properties: { name: 'Wschód' }, geometry: { type: 'Polygon', coordinates: [[[19.95, 50.0], [20.0, 50.0], [20.0, 50.1], [19.95, 50.1], [19.95, 50.0]]] } },
  ],
};
const WEST = { latitude: 50.05, longitude: 19.92 };
const EAST = { latitude: 50.05, longitude: 19.98 };
const BORDER = { latitude: 50.05, longitude: 19.95 };
const OUTSIDE = { latitude: 50.2, longitude: 19.92 };

interface Fixture {
  at: string;
  animal: string;
  behaviour?: string;
  where: { latitude: number; longitude: number };
  area: 'Zachód' | 'Wschód' | null;
  hidden?: boolean;
  /** Set in the table, as the moderation and the evidence rules would (unverified if absent). */
  level?: 'likely' | 'confirmed' | 'corrected' | 'rejected';
}

// Summer time in Poland began on 2026-03-29 at 01:00 UTC and ends on 2026-10-25 at 01:00 UTC
// (2025-10-26 the year before): the clock's hours and weeks there, not UTC's.
const FIXTURE: Fixture[] = [
  { at: '2026-03-29T00:30:00Z', animal: 'boar', behaviour: 'aggressive', where: WEST, area: 'Zachód', level: 'confirmed' }, // Sun 01:30 CET
  { at: '2026-03-29T01:30:00Z', animal: 'boar', where: WEST, area: 'Zachód' }, // Sun 03:30 CEST: there was no 02:00
  { at: '2026-03-29T21:30:00Z', animal: 'fox', behaviour: 'calm', where: EAST, area: 'Wschód', level: 'likely' }, // Sun 23:30 CEST
  { at: '2026-03-29T22:30:00Z', animal: 'fox', behaviour: 'injured', where: EAST, area: 'Wschód' }, // Mon 30th 00:30 CEST: the next week
  { at: '2026-10-25T00:30:00Z', animal: 'boar', behaviour: 'aggressive', where: BORDER, area: 'Zachód', level: 'confirmed' }, // Sun 02:30 CEST
  { at: '2026-10-25T01:30:00Z', animal: 'boar', behaviour: 'dead-on-road', where: BORDER, area: 'Zachód' }, // Sun 02:30 CET, again
  { at: '2026-10-25T23:30:00Z', animal: 'roe-deer', where: OUTSIDE, area: null, level: 'corrected' }, // Mon 26th 00:30 CET
  { at: '2026-02-28T23:30:00Z', animal: 'boar', behaviour: 'found-dead', where: EAST, area: 'Wschód' }, // 1 March 00:30 CET
  { at: '2025-03-31T10:00:00Z', animal: 'boar', behaviour: 'calm', where: WEST, area: 'Zachód' }, // a year earlier: 364 days before Mon 2026-03-30
  { at: '2025-10-26T00:30:00Z', animal: 'fox', where: WEST, area: 'Zachód', level: 'likely' }, // a year earlier, on its own DST Sunday
  { at: '2025-12-31T23:30:00Z', animal: 'boar', where: WEST, area: 'Zachód' }, // 1 January 2026 00:30 CET: in the range
  { at: '2026-12-31T23:30:00Z', animal: 'boar', where: WEST, area: 'Zachód' }, // 1 January 2027 00:30 CET: after it
  { at: '2026-05-05T10:00:00Z', animal: 'boar', where: WEST, area: 'Zachód', hidden: true, level: 'rejected' }, // hidden: never counted
];
const RANGE = 'from=2026-01-01&to=2026-12-31';

/** The city's clock at an instant, read by the JavaScript engine's time zone data, not PostgreSQL's. */
function local(iso: string): { date: string; hour: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1 };
}
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const monday = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
const inRange = (date: string) => date >= '2026-01-01' && date <= '2026-12-31';
const counted = FIXTURE.filter((f) => !f.hidden && inRange(local(f.at).date));

let t: TestApp;
let off: TestApp | undefined;
let STAFF = '';
let dir = '';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-areas-'));
  fs.writeFileSync(path.join(dir, 'areas.geojson'), JSON.stringify(AREAS));
  t = await createTestApp({ AREAS_FILE: path.join(dir, 'areas.geojson'), DASHBOARD_PUBLIC: 'true' });
  STAFF = await staffToken(t.app, 'responder');
  const ids: string[] = [];
  for (const f of FIXTURE) ids.push((await postAlert(t.app, { ...f.where, animal: f.animal, ...(f.behaviour ? { behaviour: f.behaviour } : {}) })).id);
  await t.app.db.query('UPDATE alerts SET created_at = v.at FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at) WHERE alerts.id = v.id', [ids, FIXTURE.map((f) => f.at)]);
  await t.app.db.query('UPDATE alerts SET verification = v.level FROM unnest($1::uuid[], $2::text[]) AS v(id, level) WHERE alerts.id = v.id', [
    ids,
    FIXTURE.map((f) => f.level ?? 'unverified'),
  ]);
  await t.app.db.query(`UPDATE alerts SET hidden = true, hidden_at = now(), hidden_by = 'moderator' WHERE id = ANY ($1::uuid[])`, [ids.filter((_, i) => FIXTURE[i]!.hidden)]);
});
afterAll(async () => {
  await t.dispose();
  await off?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async <T>(url: string, token: string | undefined = STAFF): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('each view equals a direct count of the alerts', () => {
  it('by month and animal, beside the same month a year earlier', async () => {
    const trend = await get<TrendResponse>(`/staff/dashboard/trend?${RANGE}&period=month`);
    expect(trend.range).toEqual({ from: '2026-01-01', to: '2026-12-31', timeZone: TZ });
    expect(trend.periods).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`));
    const expected = new Map<string, { counts: number[]; lastYear: number[] }>();
    const of = (animal: string) => expected.get(animal) ?? expected.set(animal, { counts: Array(12).fill(0), lastYear: Array(12).fill(0) }).get(animal)!;
    for (const f of FIXTURE.filter((f) => !f.hidden)) {
      const { date } = local(f.at);
      if (inRange(date)) of(f.animal).counts[Number(date.slice(5, 7)) - 1]!++;
      if (date.startsWith('2025')) of(f.animal).lastYear[Number(date.slice(5, 7)) - 1]!++;
    }
    expect(Object.fromEntries(trend.series.map((s) => [s.animal, { counts: s.counts, lastYear: s.lastYear }]))).toEqual(Object.fromEntries(expected));
    // Read by a person: boars in March 2026 (the one of 1 March at 00:30 among them), against one in March 2025.
    const boar = trend.series.find((s) => s.animal === 'boar')!;
    expect([boar.counts[2], boar.lastYear[2]]).toEqual([3, 1]);
    expect(trend.series[0]!.animal).toBe('boar');
  });

  it('by week (Monday first, the city\'s weeks across the change to summer time), beside the week 52 weeks earlier', async () => {
    const trend = await get<TrendResponse>(`/staff/dashboard/trend?${RANGE}&period=week`);
    expect(trend.periods[0]).toBe('2025-12-29');
    expect(trend.periods.every((p) => new Date(`${p}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const at = (animal: string, week: string) => {
      const s = trend.series.find((x) => x.animal === animal);
      const i = trend.periods.indexOf(week);
      return s ? [s.counts[i], s.lastYear[i]] : undefined;
    };
    for (const animal of new Set(FIXTURE.map((f) => f.animal))) {
      for (const week of trend.periods) {
        const now = counted.filter((f) => f.animal === animal && monday(local(f.at).date) === week).length;
        // Any alert 364 days before a day of the range: 1 January 2026 is 364 days before 31 December.
        const before = FIXTURE.filter((f) => !f.hidden && f.animal === animal && inRange(addDays(local(f.at).date, 364)) && monday(addDays(local(f.at).date, 364)) === week).length;
        expect(at(animal, week) ?? [0, 0], `${animal} ${week}`).toEqual([now, before]);
      }
    }
    // The fox of Sunday 23:30 in the week of the 23rd, the one of 00:30 (22:30 UTC, still Sunday in UTC) in the next.
    expect(at('fox', '2026-03-23')).toEqual([1, 0]);
    expect(at('fox', '2026-03-30')).toEqual([1, 0]);
    expect(at('boar', '2026-03-30')).toEqual([0, 1]);
    expect(at('boar', '2026-12-28')).toEqual([0, 1]);
  });

  it("by weekday and hour of the city's clock: the hour that came twice in October holds both, March's missing hour none", async () => {
    const hours = await get<HoursResponse>(`/staff/dashboard/hours?${RANGE}`);
    const expected = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    for (const f of counted) expected[local(f.at).weekday - 1]![local(f.at).hour]!++;
    expect(hours.counts).toEqual(expected);
    expect(hours.counts[6]![2]).toBe(2); // Sunday 02:00–02:59: 25 October, twice
    expect(hours.counts[6]![1]).toBe(1); // Sunday 01:30, 29 March
    expect(hours.counts[6]![3]).toBe(1); // Sunday 03:30, 29 March
  });

  it('by behaviour, those not said together', async () => {
    const behaviours = await get<BehavioursResponse>(`/staff/dashboard/behaviours?${RANGE}`);
    const expected = new Map<string | null, number>();
    for (const f of counted) expected.set(f.behaviour ?? null, (expected.get(f.behaviour ?? null) ?? 0) + 1);
    expect(behaviours.data).toHaveLength(expected.size);
    for (const { behaviour, count } of behaviours.data) expect(count, String(behaviour)).toBe(expected.get(behaviour));
    expect(behaviours.data[0]).toEqual({ behaviour: null, count: 3 });
  });

  it('by verification level: every level in its order, each equal to a direct count, hidden alerts not counted', async () => {
    /** The direct count: alerts created within the city's days, not hidden, at `level`, with the animals and the (first-listed) area asked for. */
    const direct = async (level: string, { animal, area }: { animal?: string; area?: string } = {}) => {
      const [row] = await t.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alerts a
         WHERE NOT a.hidden AND a.verification = $1
           AND a.created_at >= ('2026-01-01'::timestamp AT TIME ZONE $2) AND a.created_at < ('2027-01-01'::timestamp AT TIME ZONE $2)
           AND ($3::text IS NULL OR a.animal = $3)
           AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM dashboard_areas d WHERE d.name = $4 AND ST_Covers(d.shape, a.location::geometry)))`,
        [level, TZ, animal ?? null, area ?? null],
      );
      return row!.n;
    };
    for (const [query, filter] of [
      ['', {}],
      ['&animal=boar', { animal: 'boar' }],
      [`&area=${encodeURIComponent('Zachód')}`, { area: 'Zachód' }],
    ] as const) {
      const levels = await get<VerificationCounts>(`/staff/dashboard/verification?${RANGE}${query}`);
      expect(levels.data.map((l) => l.level), query).toEqual([...VERIFICATION_LEVELS]);
      for (const { level, count } of levels.data) expect(count, `${level}${query}`).toBe(await direct(level, filter));
    }
    // Read by a person: the hidden rejected boar is not there, so none rejected; the fixture's levels, the rest unverified.
    const all = await get<VerificationCounts>(`/staff/dashboard/verification?${RANGE}`);
    const expected = VERIFICATION_LEVELS.map((level) => ({ level, count: counted.filter((f) => (f.level ?? 'unverified') === level).length }));
    expect(all.data).toEqual(expected);
    expect(all.data.find((l) => l.level === 'rejected')).toEqual({ level: 'rejected', count: 0 });
    expect(all.data.find((l) => l.level === 'confirmed')).toEqual({ level: 'confirmed', count: 2 });
  });

  it('by area: an alert on the border between two counts once, in the one listed first in the areas file', async () => {
    const areas = await get<AreasResponse>(`/staff/dashboard/areas?${RANGE}`);
    const west = counted.filter((f) => f.area === 'Zachód').length;
    const east = counted.filter((f) => f.area === 'Wschód').length;
    expect(areas.data).toEqual([
      { area: 'Zachód', count: west },
      { area: 'Wschód', count: east },
    ]);
    expect(areas.outside).toBe(counted.filter((f) => f.area === null).length);
    expect(west + east + areas.outside).toBe(counted.length);
    // The two boars of 25 October stand on the shared edge.
    const onBorder = await get<AreasResponse>(`/staff/dashboard/areas?from=2026-10-25&to=2026-10-25`);
    expect(onBorder.data).toEqual([{ area: 'Zachód', count: 2 }, { area: 'Wschód', count: 0 }]);
  });

  it('with filters: an animal, an area, a range', async () => {
    const foxes = await get<BehavioursResponse>(`/staff/dashboard/behaviours?${RANGE}&animal=fox`);
    expect(foxes.data.reduce((n, b) => n + b.count, 0)).toBe(counted.filter((f) => f.animal === 'fox').length);
    const west = await get<HoursResponse>(`/staff/dashboard/hours?${RANGE}&area=${encodeURIComponent('Zachód')}&animal=boar&animal=fox`);
    expect(west.counts.flat().reduce((a, b) => a + b, 0)).toBe(counted.filter((f) => f.area === 'Zachód').length);
    const march = await get<TrendResponse>('/staff/dashboard/trend?from=2026-03-01&to=2026-03-31&period=month');
    expect(march.periods).toEqual(['2026-03-01']);
    expect(march.series.find((s) => s.animal === 'boar')?.counts).toEqual([3]);
  });
});

describe('response times per organisation (staff)', () => {
  it('give the median time to acknowledge and to resolve of the alerts in the range', async () => {
    const guardId = await organisationId(t.app, 'Straż Miejska Miasta Krakowa');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postAlert(t.app, { ...WEST, animal: 'boar' })).id);
    await t.app.db.query(`UPDATE alerts SET created_at = '2024-06-10T10:00:00Z' WHERE id = ANY ($1::uuid[])`, [ids]);
    // Acknowledged after 10, 30 and 50 minutes; two resolved after 1 and 2 hours.
    const steps: Array<[number, number | null]> = [[10, 60], [30, 120], [50, null]];
    for (const [i, [ack, res]] of steps.entries()) {
      await t.app.db.query(
        `UPDATE inbox_entries SET created_at = '2024-06-10T10:00:00Z', acknowledged_at = timestamptz '2024-06-10T10:00:00Z' + make_interval(mins => $3),
           status = CASE WHEN $4::int IS NULL THEN 'acknowledged' ELSE 'resolved' END, outcome = CASE WHEN $4::int IS NULL THEN NULL ELSE 'not-found' END,
           resolved_at = timestamptz '2024-06-10T10:00:00Z' + make_interval(mins => $4::int)
         WHERE organisation_id = $1 AND alert_id = $2`,
        [guardId, ids[i], ack, res],
      );
    }
    const response = await get<ResponseTimes>('/staff/dashboard/response?from=2024-06-01&to=2024-06-30');
    expect(response.data[0]).toMatchObject({
      organisationId: guardId,
      entries: 3,
      acknowledged: 3,
      acknowledgedMedianSeconds: 1800,
      resolved: 2,
      resolvedMedianSeconds: 5400,
    });
    expect(response.data.slice(1).every((o) => o.entries === 0 && o.acknowledgedMedianSeconds === null)).toBe(true);
  });
});

describe('the public dashboard (DASHBOARD_PUBLIC)', () => {
  it('shows the same counts without any response detail, and has no response view', async () => {
    for (const view of ['trend', 'areas', 'hours', 'behaviours', 'verification']) {
      const res = await t.app.inject({ method: 'GET', url: `/Dashboard/${view}?${RANGE}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/organisation|acknowledg|resolved|MedianSeconds/i);
      expect(res.json()).toEqual(await get(`/staff/dashboard/${view}?${RANGE}`));
    }
    expect((await t.app.inject({ method: 'GET', url: `/Dashboard/response?${RANGE}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/Dashboard/areas/shapes' })).json()).toEqual(AREAS);
  });

  it('is not there by default; the staff one wants a signed-in member of staff', async () => {
    off = await createTestApp();
    const res = await off.app.inject({ method: 'GET', url: '/Dashboard/trend' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await t.app.inject({ method: 'GET', url: '/staff/dashboard/trend' })).statusCode).toBe(401);
    // The bundled example's areas.
    const shapes = (await off.app.inject({ method: 'GET', url: '/Dashboard/areas/shapes' })).statusCode;
    expect(shapes).toBe(404);
  });
});

describe('kept current', () => {
  it('counts a new alert, and a responder\'s step, at once', async () => {
    const today = todayIn(TZ);
    const url = `/staff/dashboard/trend?from=${today}&to=${today}`;
    const before = await get<TrendResponse>(url);
    const publicBefore = await get<TrendResponse>(`/Dashboard/trend?from=${today}&to=${today}`, undefined);
    const count = (r: TrendResponse) => r.series.find((s) => s.animal === 'badger')?.counts[0] ?? 0;
    await postAlert(t.app, { ...EAST, animal: 'badger' });
    expect(count(await get<TrendResponse>(url))).toBe(count(before) + 1);
    expect(count(await get<TrendResponse>(`/Dashboard/trend?from=${today}&to=${today}`, undefined))).toBe(count(publicBefore) + 1);

    const guardId = await organisationId(t.app, 'Straż Miejska Miasta Krakowa');
    const boar = await postAlert(t.app, { ...EAST, animal: 'boar' });
    const responseUrl = `/staff/dashboard/response?from=${today}&to=${today}`;
    const acknowledged = async () => (await get<ResponseTimes>(responseUrl)).data.find((o) => o.organisationId === guardId)!.acknowledged;
    const first = await acknowledged();
    const admin = await staffToken(t.app, 'admin');
    const step = await t.app.inject({
      method: 'POST',
      url: `/staff/organisations/${guardId}/inbox/${boar.id}/status`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'acknowledged' },
    });
    expect(step.statusCode, step.body).toBe(200);
    expect(await acknowledged()).toBe(first + 1);
  });
});

describe('kept current: verification levels', () => {
  it('moves a count when a moderator changes a level, for staff and the public', async () => {
    const today = todayIn(TZ);
    const urls = [`/staff/dashboard/verification?from=${today}&to=${today}`, `/Dashboard/verification?from=${today}&to=${today}`];
    const token = (url: string) => (url.startsWith('/staff') ? STAFF : undefined);
    const counts = async (url: string) => Object.fromEntries((await get<VerificationCounts>(url, token(url))).data.map((l) => [l.level, l.count]));
    const alert = await postAlert(t.app, { ...WEST, animal: 'fox' });
    const before = await Promise.all(urls.map(counts));
    const moderator = await staffToken(t.app, 'moderator');
    const decide = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/moderation/alerts/${alert.id}/verification`, headers: { authorization: `Bearer ${moderator}` }, payload });

    const confirmed = await decide({ level: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    for (const [i, url] of urls.entries()) {
      expect(await counts(url), url).toEqual({ ...before[i], unverified: before[i]!.unverified! - 1, confirmed: before[i]!.confirmed! + 1 });
    }
    const rejected = await decide({ level: 'rejected', reason: 'hoax' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    for (const [i, url] of urls.entries()) {
      expect(await counts(url), url).toEqual({ ...before[i], unverified: before[i]!.unverified! - 1, rejected: before[i]!.rejected! + 1 });
    }
  });
});

describe('the daily roll-up the views read (migration 029)', () => {
  /** Every non-zero count of the roll-up, in one order. */
  const rollup = () =>
    t.app.db.query(`
      SELECT 'hour' AS kind, day::text, hour::text AS value, animal, area, public_area, n FROM dashboard_hour_counts WHERE n <> 0
      UNION ALL SELECT 'behaviour', day::text, behaviour, animal, area, public_area, n FROM dashboard_behaviour_counts WHERE n <> 0
      UNION ALL SELECT 'verification', day::text, verification, animal, area, public_area, n FROM dashboard_verification_counts WHERE n <> 0
      UNION ALL SELECT 'entry', alert_day::text, organisation_id::text || ' ' || alert_id::text, alert_animal, alert_area, NULL, 1 FROM inbox_entries
      ORDER BY 1, 2, 3, 4, 5, 6`);

  it('after alerts are added, hidden, restored, verified, corrected and moved, equals counting every alert again, as do the inbox entries\' facts', async () => {
    const moderator = { authorization: `Bearer ${await staffToken(t.app, 'moderator')}` };
    const fox = await postAlert(t.app, { ...WEST, animal: 'fox', behaviour: 'calm' });
    const boar = await postAlert(t.app, { ...BORDER, animal: 'boar' });
    const bear = await postAlert(t.app, { ...EAST, animal: 'bear', behaviour: 'crossing-road' });
    // A boar that reached the City Guard's inbox, then hidden: its entry no longer counts.
    const aggressive = await postAlert(t.app, { ...EAST, animal: 'boar', behaviour: 'aggressive' });
    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${aggressive.id}`, headers: moderator })).statusCode).toBe(204);
    expect(await t.app.db.query('SELECT alert_day FROM inbox_entries WHERE alert_id = $1', [aggressive.id])).toEqual([{ alert_day: null }]);
    // A lynx (a sensitive species): the public counts place it by its grid cell, not its point.
    await postAlert(t.app, { latitude: 50.0501, longitude: 19.9496, animal: 'lynx' });
    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${fox.id}`, headers: moderator })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${boar.id}`, headers: moderator })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: `/moderation/alerts/${boar.id}/restore`, headers: moderator })).statusCode).toBe(200);
    const corrected = await t.app.inject({
      method: 'POST',
      url: `/moderation/alerts/${bear.id}/verification`,
      headers: moderator,
      payload: { level: 'corrected', animal: 'boar' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    // A level alone (a moderator confirms the lynx), then a behaviour alone: only their own rows move.
    const lynx = (await t.app.db.query<{ id: string }>(`SELECT id FROM alerts WHERE animal = 'lynx' ORDER BY created_at DESC LIMIT 1`))[0]!.id;
    const confirmed = await t.app.inject({ method: 'POST', url: `/moderation/alerts/${lynx}/verification`, headers: moderator, payload: { level: 'confirmed' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.app.db.query(`UPDATE alerts SET behaviour = 'calm' WHERE id = $1`, [lynx]);
    // What no route does today, but a script or a later feature may: a changed time, point and behaviour.
    await t.app.db.query(`UPDATE alerts SET created_at = created_at - interval '40 days', behaviour = 'injured', location = 'SRID=4326;POINT(19.98 50.05)' WHERE id = $1`, [boar.id]);

    const kept = await rollup();
    expect(kept.length).toBeGreaterThan(0);
    await t.app.db.transaction(async (tx) => {
      await tx.query('SELECT dashboard_rollup_rebuild()');
    });
    expect(await rollup()).toEqual(kept);
    // And a direct count of the public placement, the one only the lynx moves.
    const [direct] = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts WHERE NOT hidden AND dashboard_area_at(public_location) = 0`,
    );
    const [rolled] = await t.app.db.query<{ n: number }>('SELECT sum(n)::int AS n FROM dashboard_verification_counts WHERE public_area = 0');
    expect(rolled!.n).toBe(direct!.n);
  });

  it('is counted again when the areas or the time zone change, and left alone at a restart that changes neither', async () => {
    const filter = { from: '2026-01-01', to: '2026-12-31', animals: undefined, area: undefined };
    const border = () => t.app.dashboards.areas(filter, 'location');
    const before = await border();
    // The same file: not a row rewritten (a marker row survives).
    await t.app.db.query(`INSERT INTO dashboard_hour_counts VALUES ('1999-01-01', 0, 'marker', -1, -1, 1)`);
    await t.app.dashboards.prepare(AREAS.features as Parameters<typeof t.app.dashboards.prepare>[0], 'areas.geojson', TZ);
    expect(await t.app.db.query(`SELECT n FROM dashboard_hour_counts WHERE animal = 'marker'`)).toEqual([{ n: 1 }]);

    // "Wschód" listed first now: the alerts on the border move to it.
    const swapped = [AREAS.features[1]!, AREAS.features[0]!] as Parameters<typeof t.app.dashboards.prepare>[0];
    await t.app.dashboards.prepare(swapped, 'swapped.geojson', TZ);
    const onBorder = FIXTURE.filter((f) => f.where === BORDER && !f.hidden && inRange(local(f.at).date)).length;
    const count = (r: Awaited<ReturnType<typeof border>>, area: string) => r.data.find((d) => d.area === area)!.count;
    const after = await border();
    expect(count(after, 'Wschód')).toBe(count(before, 'Wschód') + onBorder);
    expect(count(after, 'Zachód')).toBe(count(before, 'Zachód') - onBorder);
    expect(await t.app.db.query(`SELECT n FROM dashboard_hour_counts WHERE animal = 'marker'`)).toEqual([]);

    // Another time zone: the hours are London's (an hour behind Warsaw all year).
    await t.app.dashboards.prepare(AREAS.features as Parameters<typeof t.app.dashboards.prepare>[0], 'areas.geojson', 'Europe/London');
    const hours = await t.app.dashboards.hours({ ...filter, from: '2026-03-29', to: '2026-03-29' }, 'location');
    // Sunday 29 March 2026 in London: 00:30 GMT, then (summer time from 01:00 UTC) 02:30, 22:30 and 23:30 BST.
    expect(hours.counts[6]!.flatMap((n, hour) => Array<number>(n).fill(hour))).toEqual([0, 2, 22, 23]);

    await t.app.dashboards.prepare(AREAS.features as Parameters<typeof t.app.dashboards.prepare>[0], 'areas.geojson', TZ);
    expect(await border()).toEqual(before);
  });

  it('never refuses an alert for its sake: with its settings row deleted by hand, alerts are still taken, and the next start counts again', async () => {
    await t.app.db.query('DELETE FROM dashboard_rollup');
    const fox = await postAlert(t.app, { ...WEST, animal: 'fox' });
    expect(fox.id).toBeDefined();
    await t.app.dashboards.prepare(AREAS.features as Parameters<typeof t.app.dashboards.prepare>[0], 'areas.geojson', TZ);
    expect(await t.app.db.query('SELECT time_zone FROM dashboard_rollup')).toEqual([{ time_zone: TZ }]);
    const [{ n }] = (await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts WHERE NOT hidden AND (created_at AT TIME ZONE $1)::date = (now() AT TIME ZONE $1)::date AND animal = 'fox'`,
      [TZ],
    )) as [{ n: number }];
    const [{ rolled }] = (await t.app.db.query<{ rolled: number }>(
      `SELECT sum(n)::int AS rolled FROM dashboard_verification_counts WHERE day = (now() AT TIME ZONE $1)::date AND animal = 'fox'`,
      [TZ],
    )) as [{ rolled: number }];
    expect(rolled).toBe(n);
  });
});

describe('the areas copied in at start', () => {
  it('refuses a shape that crosses itself, naming it, and keeps the areas there were', async () => {
    const bowTie = { type: 'Polygon' as const, coordinates: [[[19.9, 50.0], [20.0, 50.1], [20.0, 50.0], [19.9, 50.1], [19.9, 50.0]]] };
    const areas = [AREAS.features[0]!, { type: 'Feature' as const, properties: { name: 'Kokarda' }, geometry: bowTie }] as Parameters<typeof t.app.dashboards.prepare>[0];
    await expect(t.app.dashboards.prepare(areas, 'bow-tie.geojson', TZ)).rejects.toThrow(/AREAS_FILE bow-tie.geojson: the area "Kokarda" is not a valid shape \(Self-intersection/);
    expect(await t.app.dashboards.areaNames()).toEqual(['Zachód', 'Wschód']);
  });
});

describe('bad filters', () => {
  it.each([
    ['a start after the end', 'from=2026-05-01&to=2026-04-01', 'from'],
    ['a day that is none', 'from=2026-02-30', 'from'],
    ['an area that is not in the file', 'area=Atlantis', 'area'],
    ['more than five years', 'from=2010-01-01&to=2026-01-01', 'to'],
    ['an unknown animal', 'animal=dragon', 'animal'],
    ['a period that is none', 'period=fortnight', 'period'],
  ])('refuses %s with a 400 problem naming the parameter', async (_, query, field) => {
    for (const url of [`/staff/dashboard/hours?${query}`, `/staff/dashboard/verification?${query}`, `/Dashboard/verification?${query}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: url.startsWith('/staff') ? { authorization: `Bearer ${STAFF}` } : {} });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toContain(field);
    }
  });
});
