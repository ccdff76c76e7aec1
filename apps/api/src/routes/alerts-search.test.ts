import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertListResponse } from '@wildalert/shared';
import { atOffset, createTestApp, postAlert, UTC_OFFSETS_MINUTES, type TestApp } from '../../test/helpers.ts';
import { destination } from '../../test/geo.ts';

const KRAKOW = { latitude: 50.049683, longitude: 19.944544 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const add = (body: Record<string, unknown>) => postAlert(t.app, body);

async function search(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/Alerts?${query}` });
  return { status: res.statusCode, body: res.json() as AlertListResponse, res };
}

/** A centre far from the other tests' points, so each block sees only its own alerts. */
const around = (lat: number, lon: number, radiusKm?: number, extra = '') =>
  `Latitude=${lat}&Longitude=${lon}${radiusKm === undefined ? '' : `&Radius=${radiusKm}`}${extra}`;

describe('GET /Alerts radius', () => {
  // Points just inside and just outside 15 km in eight directions, including due east,
  // which the earlier app's square box of 0.008° per km got wrong.
  const bearings = [0, 45, 90, 135, 180, 225, 270, 315];

  it('returns exactly the alerts within the radius on a sphere, in every direction', async () => {
    const inside = new Set<string>();
    for (const bearing of bearings) {
      const near = destination(KRAKOW.latitude, KRAKOW.longitude, bearing, 14.8);
      const far = destination(KRAKOW.latitude, KRAKOW.longitude, bearing, 15.2);
      inside.add((await add({ ...near, animal: 'fox', comments: `in ${bearing}` })).id);
      await add({ ...far, animal: 'fox', comments: `out ${bearing}` });
    }
    const { status, body } = await search(around(KRAKOW.latitude, KRAKOW.longitude, 15));
    expect(status).toBe(200);
    expect(new Set(body.data.map((a) => a.id))).toEqual(inside);
    expect(body.truncated).toBe(false);
  });

  it('uses 15 km when Radius is not given', async () => {
    const { body } = await search(around(KRAKOW.latitude, KRAKOW.longitude));
    expect(body.data).toHaveLength(bearings.length);
    expect(body.data.every((a) => a.comments.startsWith('in '))).toBe(true);
  });

  it('measures kilometres: a 1 km radius holds a point 0.9 km away but not one 1.1 km away', async () => {
    const centre = { latitude: 52.2297, longitude: 21.0122 }; // Warsaw
    const a = await add({ ...destination(centre.latitude, centre.longitude, 90, 0.9), animal: 'hare' });
    await add({ ...destination(centre.latitude, centre.longitude, 90, 1.1), animal: 'hare' });
    const { body } = await search(around(centre.latitude, centre.longitude, 1));
    expect(body.data.map((x) => x.id)).toEqual([a.id]);
  });

  it('works across the antimeridian', async () => {
    const west = await add({ latitude: 0, longitude: 179.99, animal: 'other' });
    const east = await add({ latitude: 0, longitude: -179.99, animal: 'other' });
    const { body } = await search(around(0, 180, 5));
    expect(new Set(body.data.map((x) => x.id))).toEqual(new Set([west.id, east.id]));
  });
});

describe('GET /Alerts answer', () => {
  const centre = { latitude: 54.352, longitude: 18.6466 }; // Gdańsk
  const q = (extra = '') => around(centre.latitude, centre.longitude, 10, extra);
  const created: Alert[] = [];

  beforeAll(async () => {
    const animals = ['boar', 'fox', 'boar', 'roe-deer', 'boar'];
    for (const [i, animal] of animals.entries()) {
      created.push(await add({ ...destination(centre.latitude, centre.longitude, i * 60, 1 + i), animal, comments: `#${i}` }));
    }
  });

  it('lists newest first with every field of an alert', async () => {
    const { body, res } = await search(q());
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(body.data.map((a) => a.id)).toEqual(created.map((a) => a.id).reverse());
    expect(body.data[0]).toEqual(created.at(-1));
    expect(Object.keys(body.data[0]!).sort()).toEqual(['animal', 'behaviour', 'comments', 'createdAt', 'gone', 'howMany', 'id', 'lastSeenAt', 'latitude', 'licence', 'longitude', 'officialStatus', 'photos', 'place', 'stillThere', 'verification', 'young']);
    expect(body.data[0]!.photos).toEqual([]);
  });

  it('cuts the list at limit and says it is truncated', async () => {
    const { body } = await search(q('&limit=2'));
    expect(body.data.map((a) => a.id)).toEqual([created[4]!.id, created[3]!.id]);
    expect(body.truncated).toBe(true);
    const exact = await search(q('&limit=5'));
    expect(exact.body.truncated).toBe(false);
    expect(exact.body.data).toHaveLength(5);
  });

  it('filters by one or several animals', async () => {
    const boars = await search(q('&animal=boar'));
    expect(boars.body.data.map((a) => a.comments)).toEqual(['#4', '#2', '#0']);
    const two = await search(q('&animal=fox&Animal=roe-deer'));
    expect(two.body.data.map((a) => a.comments)).toEqual(['#3', '#1']);
  });

  it('filters by since (inclusive)', async () => {
    const since = created[3]!.createdAt;
    const { body } = await search(q(`&since=${encodeURIComponent(since)}`));
    const expected = created.filter((a) => a.createdAt >= since).reverse();
    expect(body.data).toEqual(expected);
    expect(body.data.map((a) => a.comments).slice(0, 2)).toEqual(['#4', '#3']);
    const future = await search(q('&since=2999-01-01T00:00:00Z'));
    expect(future.body).toEqual({ data: [], truncated: false });
  });

  it('takes since with any UTC offset RFC 3339 allows, as the instant it names', async () => {
    const since = created[3]!.createdAt;
    const justAfter = new Date(Date.parse(since) + 1).toISOString();
    for (const offset of UTC_OFFSETS_MINUTES) {
      for (const instant of [since, justAfter]) {
        const written = atOffset(instant, offset);
        const { status, body } = await search(q(`&since=${encodeURIComponent(written)}`));
        expect(status, `${written}: ${JSON.stringify(body)}`).toBe(200);
        // createdAt is cut to the millisecond, as the instants are: comparing the texts is exact.
        expect(body.data, written).toEqual(created.filter((a) => a.createdAt >= instant).reverse());
      }
    }
  });

  it('accepts query names in any case', async () => {
    for (const names of [
      ['Latitude', 'Longitude', 'Radius'],
      ['latitude', 'longitude', 'radius'],
      ['LATITUDE', 'LONGITUDE', 'RADIUS'],
      ['lAtItUdE', 'LoNgItUdE', 'rAdIuS'],
    ]) {
      const { status, body } = await search(
        `${names[0]}=${centre.latitude}&${names[1]}=${centre.longitude}&${names[2]}=10&LIMIT=1`,
      );
      expect(status, names.join()).toBe(200);
      expect(body.data.map((a) => a.id)).toEqual([created[4]!.id]);
    }
  });

  it('answers an empty list where no alert was added', async () => {
    const { status, body } = await search(around(-45, 170, 50));
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], truncated: false });
  });
});

describe('GET /Alerts validation', () => {
  const cases: Array<[string, string, string]> = [
    ['no latitude', 'Longitude=19.9', 'latitude'],
    ['no longitude', 'Latitude=50', 'longitude'],
    ['empty latitude', 'Latitude=&Longitude=19.9', 'latitude'],
    ['latitude not a number', 'Latitude=abc&Longitude=19.9', 'latitude'],
    ['latitude over 90', 'Latitude=90.5&Longitude=19.9', 'latitude'],
    ['longitude under -180', 'Latitude=50&Longitude=-180.01', 'longitude'],
    ['radius 0', 'Latitude=50&Longitude=19.9&Radius=0', 'radius'],
    ['negative radius', 'Latitude=50&Longitude=19.9&Radius=-1', 'radius'],
    ['radius over 100', 'Latitude=50&Longitude=19.9&Radius=100.5', 'radius'],
    ['radius Infinity', 'Latitude=50&Longitude=19.9&Radius=Infinity', 'radius'],
    ['radius NaN', 'Latitude=50&Longitude=19.9&Radius=NaN', 'radius'],
    ['huge number', 'Latitude=1e400&Longitude=19.9', 'latitude'],
    ['limit 0', 'Latitude=50&Longitude=19.9&limit=0', 'limit'],
    ['limit over 5000', 'Latitude=50&Longitude=19.9&limit=5001', 'limit'],
    ['fractional limit', 'Latitude=50&Longitude=19.9&limit=2.5', 'limit'],
    ['unknown animal', 'Latitude=50&Longitude=19.9&animal=cat', 'animal'],
    ['since not a date', 'Latitude=50&Longitude=19.9&since=yesterday', 'since'],
    // Valid RFC 3339, but before year 1 or after year 9999 once in UTC: no database keeps those.
    ['since in year 0', 'Latitude=50&Longitude=19.9&since=0000-12-31T23:59:59Z', 'since'],
    ['since past 9999 in UTC', `Latitude=50&Longitude=19.9&since=${encodeURIComponent('9999-12-31T23:59:59-23:59')}`, 'since'],
    ['since on 30 February', 'Latitude=50&Longitude=19.9&since=2026-02-30T00:00:00Z', 'since'],
    ['unknown parameter', 'Latitude=50&Longitude=19.9&Radios=5', 'radios'],
    ['prototype key', 'Latitude=50&Longitude=19.9&__proto__=1', '__proto__'],
    ['invalid percent-encoding', 'Latitude=%E0%A4%A&Longitude=19.9', 'latitude'],
    ['NUL in a value', 'Latitude=50%00&Longitude=19.9', 'latitude'],
  ];
  it.each(cases)('refuses %s with 400 naming the field', async (_name, query, field) => {
    const { status, body, res } = await search(query);
    expect(status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(body).toMatchObject({ type: '/problems/validation', status: 400, title: 'Bad Request' });
    expect(Object.keys((body as unknown as { errors: object }).errors)).toContain(field);
  });

  it('accepts the largest radius and limit', async () => {
    const { status } = await search('Latitude=50&Longitude=19.9&Radius=100&limit=5000');
    expect(status).toBe(200);
  });

  it('survives a malformed query string without a 5xx', async () => {
    for (const url of ['/Alerts?%', '/Alerts?&&&=&=', '/Alerts?Latitude=50&Latitude=51&Longitude=1', '/Alerts?a[b]=1', `/Alerts?${'x'.repeat(8000)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});
