import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridOf, HOTSPOT_CELL_BITS, tileBounds, type HotspotResponse } from '@wildalert/shared';
import { gridCellCentre } from '../repositories/public-location.ts';
import { createTestApp, postAlert, type TestApp, staffToken } from '../../test/helpers.ts';

/** A moderator's personal API token, made for each app. */
let TOKEN = '';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Warsaw' });
  TOKEN = await staffToken(t.app);
});
afterAll(() => t.dispose());

async function getHotspots(z: number, x: number, y: number, query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/Alerts/hotspots/${z}/${x}/${y}${query}`, headers });
  return { res, status: res.statusCode, body: res.statusCode === 200 ? res.json<HotspotResponse>() : undefined };
}

const tileAt = (p: { latitude: number; longitude: number }, z: number) => ({ z, ...gridOf(p.latitude, p.longitude, z) });

/**
 * `count` alerts by SQL over a box ~`spanDeg` wide from `corner`, animals in turn, spread over
 * 15 months back at every hour of the day (row i: i × 7 h 13 min back).
 */
async function seed(corner: { latitude: number; longitude: number }, count: number, spanDeg: number) {
  await t.app.db.query(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     SELECT gen_random_uuid(), p, p, (ARRAY['boar','fox','roe-deer'])[1 + i % 3], 'hotspot ' || i,
            now() - make_interval(mins => i * 433)
     FROM (SELECT i, ST_SetSRID(ST_MakePoint($2::float8 + (i * 0.6180339887 % 1) * $4::float8,
                                               $1::float8 + (i * 0.7548776662 % 1) * $4::float8), 4326)::geography AS p
           FROM generate_series(1, $3::int) AS i) s`,
    [corner.latitude, corner.longitude, count, spanDeg],
  );
}

/**
 * A direct count of the tile's cells: each visible alert's cell computed in JavaScript from its
 * point, its month and hour in Warsaw by Intl, filtered here rather than in SQL.
 */
async function directCells(
  z: number,
  x: number,
  y: number,
  since: string,
  keep: (alert: { animal: string; month: number; hour: number }) => boolean,
): Promise<Map<string, number>> {
  const b = tileBounds(z, x, y);
  const rows = await t.app.db.query<{ lat: number; lon: number; animal: string; created_at: string }>(
    `SELECT ST_Y(public_location::geometry) AS lat, ST_X(public_location::geometry) AS lon, animal, created_at::text AS created_at
     FROM alerts
     WHERE NOT hidden AND created_at >= $5
       AND ST_X(public_location::geometry) >= $1 AND ST_X(public_location::geometry) < $3
       AND ST_Y(public_location::geometry) > $2 AND ST_Y(public_location::geometry) <= $4`,
    [b.west, b.south, b.east, b.north, since],
  );
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', month: 'numeric', hour: 'numeric', hourCycle: 'h23' });
  const cells = new Map<string, number>();
  for (const row of rows) {
    const parts = Object.fromEntries(local.formatToParts(new Date(row.created_at)).map((p) => [p.type, p.value]));
    if (!keep({ animal: row.animal, month: Number(parts.month), hour: Number(parts.hour) })) continue;
    const cell = gridOf(row.lat, row.lon, z + HOTSPOT_CELL_BITS);
    const key = `${cell.x}/${cell.y}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  return cells;
}

const asMap = (body: HotspotResponse) => new Map(body.cells.map((c) => [`${c.x}/${c.y}`, c.count]));

describe('GET /Alerts/hotspots/{z}/{x}/{y}', () => {
  // Near Szczecin, away from the other files' points.
  const corner = { latitude: 53.4, longitude: 14.5 };
  beforeAll(() => seed(corner, 2000, 0.2));

  it('counts each cell exactly as the database holds it, with every filter, over the last 12 months only', async () => {
    const cases: Array<[string, (a: { animal: string; month: number; hour: number }) => boolean]> = [
      ['', () => true],
      ['?animal=boar&animal=fox', (a) => a.animal === 'boar' || a.animal === 'fox'],
      ['?season=autumn', (a) => [9, 10, 11].includes(a.month)],
      ['?season=winter', (a) => [12, 1, 2].includes(a.month)],
      ['?hours=16-21', (a) => a.hour >= 16 && a.hour < 21],
      // Overnight: 22:00 to 03:59.
      ['?HOURS=22-4', (a) => a.hour >= 22 || a.hour < 4],
      ['?animal=boar&season=summer&hours=05-9', (a) => a.animal === 'boar' && [6, 7, 8].includes(a.month) && a.hour >= 5 && a.hour < 9],
    ];
    for (const z of [9, 12]) {
      const { x, y } = tileAt({ latitude: corner.latitude + 0.1, longitude: corner.longitude + 0.1 }, z);
      for (const [query, keep] of cases) {
        const { status, body } = await getHotspots(z, x, y, query);
        expect(status, query).toBe(200);
        const direct = await directCells(z, x, y, body!.since, keep);
        expect(asMap(body!), `z ${z} ${query}`).toEqual(direct);
        expect(body!.total).toBe([...direct.values()].reduce((s, n) => s + n, 0));
        expect(body!.total, 'a filter that leaves nothing would prove little').toBeGreaterThan(z === 9 ? 5 : 0);
      }
    }
    // The period: 12 months back (seeded: 15 months), within the hour.
    const { x, y } = tileAt(corner, 9);
    const { body } = await getHotspots(9, x, y);
    const months = (Date.now() - Date.parse(body!.since)) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(11.9);
    expect(months).toBeLessThan(12.1);
  });

  it('stays small whatever the number of alerts: one entry per cell', async () => {
    const { x, y } = tileAt(corner, 6);
    const { body, res } = await getHotspots(6, x, y);
    expect(body!.total).toBeGreaterThan(1000);
    expect(body!.cells.length).toBeLessThanOrEqual(2 ** HOTSPOT_CELL_BITS * 2 ** HOTSPOT_CELL_BITS);
    expect(res.rawPayload.length).toBeLessThan(20 * 1024);
  });

  it('is cacheable by anyone, with an ETag that answers 304', async () => {
    const { x, y } = tileAt(corner, 12);
    const first = await getHotspots(12, x, y, '?animal=fox');
    expect(first.res.headers['cache-control']).toBe('public, max-age=600, stale-while-revalidate=3600');
    const etag = first.res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await getHotspots(12, x, y, '?animal=fox', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.res.body).toBe('');
  });
});

describe('what hotspots do not show', () => {
  it('leaves out hidden alerts, and counts a sensitive species only at its published cell', async () => {
    // Near Olsztyn: a wolf and a boar 100 m apart, then the boar hidden by a moderator.
    const point = { latitude: 53.78, longitude: 20.49 };
    const wolf = await postAlert(t.app, { ...point, animal: 'wolf' });
    const boar = await postAlert(t.app, { latitude: point.latitude + 0.001, longitude: point.longitude, animal: 'boar' });
    const hide = await t.app.inject({ method: 'DELETE', url: `/Alerts/${boar.id}`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(hide.statusCode).toBe(204);
    const z = 14;
    const cell = gridCellCentre(point);
    const { x, y } = tileAt(cell, z);
    const { body } = await getHotspots(z, x, y);
    // (A fresh tile key: nothing kept from before the hide.)
    expect(body!.total).toBe(1);
    expect(body!.cells).toEqual([{ ...gridOf(cell.latitude, cell.longitude, z + HOTSPOT_CELL_BITS), count: 1 }]);
    expect(wolf.id).toBeTruthy();
  });
});

describe('bad requests', () => {
  it.each([
    ['/Alerts/hotspots/3/8/0', 'x'],
    ['/Alerts/hotspots/12/2200/1300?season=monsoon', 'season'],
    ['/Alerts/hotspots/12/2200/1300?hours=24-3', 'hours'],
    ['/Alerts/hotspots/12/2200/1300?hours=7-25', 'hours'],
    ['/Alerts/hotspots/12/2200/1300?hours=7', 'hours'],
    ['/Alerts/hotspots/12/2200/1300?hours=7-7', 'hours'],
    ['/Alerts/hotspots/12/2200/1300?hours=0-0', 'hours'],
    ['/Alerts/hotspots/12/2200/1300?animal=dragon', 'animal'],
    ['/Alerts/hotspots/12/2200/1300?since=2020-01-01T00:00:00Z', 'since'],
  ])('%s is a 400 problem naming %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.json<{ errors: Record<string, unknown> }>().errors)).toContain(field);
  });
});
