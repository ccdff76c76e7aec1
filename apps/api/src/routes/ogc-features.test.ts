import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertsGeoJson } from '@wildalert/shared';
import { documented } from '../../../../scripts/docs.ts';
import { gridCellCentre } from '../repositories/public-location.ts';
import { createTestApp, postAlert, staffToken, type TestApp } from '../../test/helpers.ts';

const exec = promisify(execFile);

interface Items extends AlertsGeoJson {
  links: Array<{ href: string; rel: string; type?: string }>;
  numberMatched: number;
  numberReturned: number;
  timeStamp: string;
}

let t: TestApp;
let origin = '';
const WOLF = { latitude: 50.0537, longitude: 19.9412 };
let wolfId = '';
let hiddenId = '';

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  // 150 alerts around Kraków, one a day back from now, and a wolf and a hidden boar through the API.
  await t.app.db.query(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     SELECT gen_random_uuid(), p, p, (ARRAY['boar','fox','roe-deer','hare'])[1 + i % 4], 'seed ' || i, date_trunc('milliseconds', now()) - make_interval(days => i)
     FROM (SELECT i, ST_SetSRID(ST_MakePoint(19.8 + (i * 0.6180339887 % 1) * 0.3, 49.95 + (i * 0.7548776662 % 1) * 0.2), 4326)::geography AS p
           FROM generate_series(1, 150) AS i) s`,
  );
  wolfId = (await postAlert(t.app, { ...WOLF, animal: 'wolf' })).id;
  hiddenId = (await postAlert(t.app, { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'ukryty' })).id;
  const moderator = { authorization: `Bearer ${await staffToken(t.app)}` };
  expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${hiddenId}`, headers: moderator })).statusCode).toBe(204);
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.dispose());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const items = async (query: string) => {
  const res = await get(`/ogc/collections/alerts/items${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Items>();
};
/** What the database holds as visible, by SQL: the ids matching `where` (on `alerts`). */
async function visibleIds(where = 'true', params: unknown[] = []) {
  const rows = await t.app.db.query<{ id: string }>(`SELECT id FROM alerts WHERE NOT hidden AND ${where}`, params);
  return rows.map((r) => r.id).sort();
}
/** Every page from `query` on, by the next links, as a client follows them. */
async function allPages(query: string) {
  const pages: Items[] = [];
  let url: string | undefined = `/ogc/collections/alerts/items${query}`;
  while (url !== undefined) {
    const page: Items = (await get(url)).json<Items>();
    pages.push(page);
    const next = page.links.find((l) => l.rel === 'next')?.href;
    url = next === undefined ? undefined : next.slice(new URL(next).origin.length);
  }
  return pages;
}

describe('OGC API – Features under /ogc', () => {
  it('has a landing page, its conformance classes and one collection, alerts', async () => {
    const landing = (await get('/ogc')).json<{ links: Array<{ rel: string; href: string }> }>();
    const rels = Object.fromEntries(landing.links.map((l) => [l.rel, l.href]));
    expect(rels['service-desc']).toMatch(/\/openapi\.json$/);
    expect((await get(new URL(rels['service-desc']!).pathname)).statusCode).toBe(200);
    expect(rels.data).toMatch(/\/ogc\/collections$/);
    const conformance = (await get('/ogc/conformance')).json<{ conformsTo: string[] }>();
    expect(conformance.conformsTo).toContain('http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson');
    const collections = (await get('/ogc/collections')).json<{ collections: Array<{ id: string }> }>();
    expect(collections.collections.map((c) => c.id)).toEqual(['alerts']);
    expect((await get('/ogc/collections/sightings')).statusCode).toBe(404);
  });

  it("is read by GDAL's OAPIF driver as the docs show, with the API's count of features", async () => {
    const command = documented('ogrinfo -ro -so OAPIF:http://localhost:8080/ogc alerts').replace('http://localhost:8080', origin);
    const { stdout } = await exec('bash', ['-c', command]);
    const visible = await visibleIds();
    expect((await items('')).numberMatched).toBe(visible.length);
    expect(stdout).toContain(`Feature Count: ${visible.length}\n`);
    expect(stdout).toMatch(/\nanimal: String/);
    // The wolf at its cell's centre, never at the point given.
    const wolf = await exec('ogrinfo', ['-ro', '-q', '-where', "animal = 'wolf'", `OAPIF:${origin}/ogc`, 'alerts']);
    const centre = gridCellCentre(WOLF);
    expect(wolf.stdout).toContain(`POINT (${centre.longitude} ${centre.latitude})`);
    expect(wolf.stdout).not.toContain(String(WOLF.longitude));
  });

  it('pages by next links through every visible alert exactly once, newest first; prev leads back', async () => {
    const pages = await allPages('?limit=40');
    expect(pages.map((p) => p.numberReturned)).toEqual([40, 40, 40, 31]);
    const ids = pages.flatMap((p) => p.features.map((f) => f.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(await visibleIds());
    expect(ids).not.toContain(hiddenId);
    const times = pages.flatMap((p) => p.features.map((f) => f.properties.createdAt));
    expect(times).toEqual([...times].sort().reverse());
    expect(pages[0]!.links.some((l) => l.rel === 'prev')).toBe(false);
    const back = new URL(pages[2]!.links.find((l) => l.rel === 'prev')!.href);
    const previous = (await get(`${back.pathname}${back.search}`)).json<Items>();
    expect(previous.features.map((f) => f.id)).toEqual(pages[1]!.features.map((f) => f.id));
    // The default page, and a limit over the most taken as the most.
    expect((await items('')).numberReturned).toBe(100);
    expect((await items('?limit=5000')).numberReturned).toBe(ids.length);
  });

  it('filters by bbox and datetime as the database counts them', async () => {
    const box = await items('?bbox=19.8,49.95,19.95,50.05&limit=1000');
    expect(box.features.map((f) => f.id).sort()).toEqual(
      await visibleIds(`public_location::geometry && ST_MakeEnvelope(19.8, 49.95, 19.95, 50.05, 4326)`),
    );
    expect(box.numberMatched).toBe(box.features.length);
    expect(box.numberMatched).toBeGreaterThan(10);
    const [row] = await t.app.db.query<{ t: string }>(`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t FROM alerts WHERE comments = 'seed 10'`);
    const tenDaysAgo = row!.t;
    const since = await items(`?datetime=${tenDaysAgo}/..&limit=1000`);
    expect(since.features.map((f) => f.id).sort()).toEqual(await visibleIds('created_at >= $1', [tenDaysAgo]));
    const until = await items(`?datetime=../${tenDaysAgo}&limit=1000`);
    expect(until.numberMatched).toBe((await visibleIds('created_at <= $1', [tenDaysAgo])).length);
    expect(since.numberMatched + until.numberMatched).toBe((await visibleIds()).length + 1);
    const instant = await items(`?datetime=${tenDaysAgo}`);
    expect(instant.features.map((f) => f.properties.comments)).toEqual(['seed 10']);
    const day = tenDaysAgo.slice(0, 10);
    const wholeDay = await items(`?datetime=${day}`);
    expect(wholeDay.numberMatched).toBe((await visibleIds(`created_at >= $1::date AND created_at < $1::date + 1`, [day])).length);
    const both = await items(`?bbox=19.8,49.95,19.95,50.05&datetime=${tenDaysAgo}/..&limit=1000`);
    expect(both.features.map((f) => f.id).sort()).toEqual(
      await visibleIds(`public_location::geometry && ST_MakeEnvelope(19.8, 49.95, 19.95, 50.05, 4326) AND created_at >= $1`, [tenDaysAgo]),
    );
  });

  it('refuses bad parameters with a problem and answers 404 for a hidden or unknown alert', async () => {
    for (const query of ['bbox=1,2,3', 'bbox=0,60,10,50', 'bbox=a,b,c,d', 'datetime=yesterday', 'datetime=2026-05-02/2026-05-01', 'limit=0', 'after=x', 'color=red']) {
      const res = await get(`/ogc/collections/alerts/items?${query}`);
      expect({ query, status: res.statusCode, type: res.headers['content-type'] }).toEqual({ query, status: 400, type: 'application/problem+json; charset=utf-8' });
    }
    const hidden = await get(`/ogc/collections/alerts/items/${hiddenId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await get('/ogc/collections/alerts/items/not-an-id')).statusCode).toBe(404);
    const wolf = await get(`/ogc/collections/alerts/items/${wolfId}`);
    expect(wolf.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    const centre = gridCellCentre(WOLF);
    expect(wolf.json<{ geometry: { coordinates: number[] } }>().geometry.coordinates).toEqual([centre.longitude, centre.latitude]);
    expect((await get(`/ogc/collections/alerts/items/${wolfId}`, { accept: 'application/json' })).headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

// Last: it adds ten thousand alerts that the counts above do not expect.
describe('numberMatched where counting would cost', () => {
  it('is left out when more than 10,000 features match, and exact up to that', async () => {
    await t.app.db.query(
      `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
       SELECT gen_random_uuid(), p, p, 'fox', 'many ' || i, date_trunc('milliseconds', now()) - make_interval(mins => i)
       FROM (SELECT i, ST_SetSRID(ST_MakePoint(18.5 + (i % 100) * 0.002, 54.3 + (i / 100) * 0.001), 4326)::geography AS p
             FROM generate_series(1, 10001) AS i) s`,
    );
    const gdansk = await items('?bbox=18.49,54.29,18.71,54.41&limit=10');
    expect(gdansk.numberReturned).toBe(10);
    expect(gdansk).not.toHaveProperty('numberMatched');
    expect(gdansk.links.some((l) => l.rel === 'next')).toBe(true);
    // Half the box, about 5,000: counted, exactly.
    const west = await items('?bbox=18.49,54.29,18.599,54.41&limit=10');
    const inWest = await visibleIds(`ST_X(public_location::geometry) BETWEEN 18.49 AND 18.599 AND ST_Y(public_location::geometry) BETWEEN 54.29 AND 54.41`);
    expect(inWest.length).toBeGreaterThan(4000);
    expect(west.numberMatched).toBe(inWest.length);
  });
});
