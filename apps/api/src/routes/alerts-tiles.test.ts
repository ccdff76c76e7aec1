import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gridOf,
  TILE_CELL_BITS,
  tileBounds,
  type AlertListResponse,
  type TileResponse,
} from '@wildalert/shared';
import { gridCellCentre } from '../repositories/public-location.ts';
import { atOffset, createTestApp, postAlert, UTC_OFFSETS_MINUTES, type TestApp, staffToken } from '../../test/helpers.ts';

/** A moderator's personal API token, made for each app. */
let TOKEN = '';
const ADMIN = {
  get authorization() {
    return `Bearer ${TOKEN}`;
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
  TOKEN = await staffToken(t.app);
});
afterAll(() => t.dispose());

async function getTile(z: number, x: number, y: number, query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/Alerts/tiles/${z}/${x}/${y}${query}`, headers });
  const plain = res.statusCode === 200 && res.headers['content-encoding'] === undefined;
  return { res, status: res.statusCode, etag: res.headers.etag as string | undefined, body: plain ? res.json<TileResponse>() : undefined };
}

const tileAt = (p: { latitude: number; longitude: number }, z: number) => ({ z, ...gridOf(p.latitude, p.longitude, z) });

/** `count` alerts by SQL, spread over a box ~`spanDeg` wide from `corner`, animals in turn; `days` back in time by row. */
async function seed(corner: { latitude: number; longitude: number }, count: number, spanDeg: number, tag: string) {
  await t.app.db.query(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     SELECT gen_random_uuid(), p, p, (ARRAY['boar','fox','roe-deer','hare'])[1 + i % 4], $4 || i,
            now() - make_interval(days => i % 20)
     FROM (SELECT i, ST_SetSRID(ST_MakePoint($2::float8 + (i * 0.6180339887 % 1) * $5::float8,
                                               $1::float8 + (i * 0.7548776662 % 1) * $5::float8), 4326)::geography AS p
           FROM generate_series(1, $3::int) AS i) s`,
    [corner.latitude, corner.longitude, count, tag, spanDeg],
  );
}

/** What the database holds in a tile's box, with the same filters: the count per animal. */
async function sqlCounts(z: number, x: number, y: number, animals: string[] | null, since: string | null) {
  const b = tileBounds(z, x, y);
  const rows = await t.app.db.query<{ animal: string; n: number }>(
    `SELECT animal, count(*)::int AS n FROM alerts
     WHERE NOT hidden
       AND ST_X(public_location::geometry) >= $1 AND ST_X(public_location::geometry) < $3
       AND ST_Y(public_location::geometry) > $2 AND ST_Y(public_location::geometry) <= $4
       AND ($5::text[] IS NULL OR animal = ANY ($5::text[]))
       AND ($6::timestamptz IS NULL OR created_at >= $6::timestamptz)
     GROUP BY animal`,
    [b.west, b.south, b.east, b.north, animals, since],
  );
  return Object.fromEntries(rows.map((r) => [r.animal, r.n]));
}

/** A tile's alerts and clusters folded into counts per animal. */
function tileCounts(body: TileResponse): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of body.alerts) counts[a.animal] = (counts[a.animal] ?? 0) + 1;
  for (const c of body.clusters) for (const [animal, n] of Object.entries(c.animals)) counts[animal] = (counts[animal] ?? 0) + n;
  return counts;
}

describe('GET /Alerts/tiles/{z}/{x}/{y} clusters', () => {
  // Near Gdańsk, away from the other blocks' points.
  const corner = { latitude: 54.3, longitude: 18.5 };

  beforeAll(() => seed(corner, 3000, 0.3, 'gdansk '));

  it("counts exactly what the database holds in the tile, per animal, with each filter", async () => {
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    for (const z of [8, 10, 12]) {
      const { x, y } = tileAt({ latitude: corner.latitude + 0.15, longitude: corner.longitude + 0.15 }, z);
      for (const [query, animals, from] of [
        ['', null, null],
        ['?animal=fox&animal=hare', ['fox', 'hare'], null],
        [`?since=${encodeURIComponent(since)}`, null, since],
      ] as const) {
        const { status, body } = await getTile(z, x, y, query);
        expect(status).toBe(200);
        const expected = await sqlCounts(z, x, y, animals ? [...animals] : null, from);
        expect(tileCounts(body!)).toEqual(expected);
        // Thousands of alerts make a few dozen clusters, each inside the tile, its count the sum of its animals.
        expect(body!.clusters.length).toBeGreaterThan(0);
        expect(body!.clusters.length).toBeLessThanOrEqual(4 ** TILE_CELL_BITS);
        const b = tileBounds(z, x, y);
        for (const c of body!.clusters) {
          expect(c.count).toBe(Object.values(c.animals).reduce((s, n) => s + n, 0));
          expect(c.longitude).toBeGreaterThanOrEqual(b.west);
          expect(c.longitude).toBeLessThan(b.east);
          expect(c.latitude).toBeGreaterThan(b.south);
          expect(c.latitude).toBeLessThanOrEqual(b.north);
        }
      }
    }
  });

  it('takes since with any UTC offset RFC 3339 allows, as the instant it names', async () => {
    // The seed's alerts of a week ago were all made at one instant: a since a minute or more on
    // either side of it tells whether they are counted.
    const [row] = await t.app.db.query<{ ms: number }>(
      `SELECT (extract(epoch FROM max(created_at)) * 1000)::float8 AS ms FROM alerts WHERE comments LIKE 'gdansk %' AND created_at < now() - interval '6.5 days'`,
    );
    const z = 10;
    const { x, y } = tileAt({ latitude: corner.latitude + 0.15, longitude: corner.longitude + 0.15 }, z);
    for (const [i, offset] of UTC_OFFSETS_MINUTES.entries()) {
      // Other minutes for each offset: the tile cache would answer an instant asked before.
      for (const minutes of [-(i + 1), i + 1]) {
        const since = new Date(Math.trunc(row!.ms) + minutes * 60_000).toISOString();
        const { status, res, body } = await getTile(z, x, y, `?since=${encodeURIComponent(atOffset(since, offset))}`);
        expect(status, `${atOffset(since, offset)}: ${res.body}`).toBe(200);
        expect(tileCounts(body!), atOffset(since, offset)).toEqual(await sqlCounts(z, x, y, null, since));
      }
    }
  });

  it('splits the seeded area over the tiles beside each other without counting an alert twice', async () => {
    const z = 11;
    const first = tileAt(corner, z);
    const last = tileAt({ latitude: corner.latitude + 0.3, longitude: corner.longitude + 0.3 }, z);
    let sum = 0;
    for (let x = first.x; x <= last.x; x++) {
      for (let y = last.y; y <= first.y; y++) {
        const { body } = await getTile(z, x, y, '?since=2000-01-01T00:00:00Z');
        sum += Object.values(tileCounts(body!)).reduce((s, n) => s + n, 0);
      }
    }
    // Every alert of the seed, and no other (the other blocks are far away).
    const [row] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alerts WHERE comments LIKE 'gdansk %'`);
    expect(sum).toBe(row!.n);
  });
});

describe('GET /Alerts/tiles at a high zoom', () => {
  it('answers the alerts themselves, as GET /Alerts shows them over the tile', async () => {
    const z = 17;
    const { x, y } = tileAt({ latitude: 51.1, longitude: 17.03 }, z); // Wrocław
    // One alert in each of ten cells of the tile (a cell at zoom z is a tile at zoom z + TILE_CELL_BITS).
    const side = 2 ** TILE_CELL_BITS;
    for (let i = 0; i < 10; i++) {
      const cell = tileBounds(z + TILE_CELL_BITS, x * side + (i % side), y * side + Math.floor(i / side));
      const point = { latitude: (cell.north + cell.south) / 2, longitude: (cell.west + cell.east) / 2 };
      await postAlert(t.app, { ...point, animal: i % 2 ? 'fox' : 'boar', comments: `w${i}` });
    }
    const { body } = await getTile(z, x, y);
    expect(body!.clusters).toEqual([]);
    const b = tileBounds(z, x, y);
    const centre = { latitude: (b.north + b.south) / 2, longitude: (b.west + b.east) / 2 };
    const search = await t.app.inject({ method: 'GET', url: `/Alerts?Latitude=${centre.latitude}&Longitude=${centre.longitude}&Radius=1&limit=5000` });
    const inTile = search
      .json<AlertListResponse>()
      .data.filter((a) => a.longitude >= b.west && a.longitude < b.east && a.latitude > b.south && a.latitude <= b.north);
    expect(inTile).toHaveLength(10);
    expect(body!.alerts).toEqual(inTile);
    expect(body!.newest).toBe(inTile[0]!.createdAt);
  });

  it('shows a sensitive species only at its published cell, never at the point given', async () => {
    const z = 17;
    const alone = { latitude: 49.2994, longitude: 19.9507 }; // Zakopane
    const pair = [
      { latitude: 49.3101, longitude: 19.9801 },
      { latitude: 49.3103, longitude: 19.9812 },
    ];
    expect(gridCellCentre(pair[0]!)).toEqual(gridCellCentre(pair[1]!));
    const lone = await postAlert(t.app, { ...alone, animal: 'wolf' });
    for (const p of pair) await postAlert(t.app, { ...p, animal: 'wolf' });

    const published = gridCellCentre(alone);
    const at = tileAt(published, z);
    const there = await getTile(z, at.x, at.y);
    expect(there.body!.alerts.map((a) => [a.id, a.latitude, a.longitude])).toEqual([[lone.id, published.latitude, published.longitude]]);
    // Two in one cell: one cluster, at the cell's centre, that zooming in cannot split.
    const centre = gridCellCentre(pair[0]!);
    const pairTile = tileAt(centre, z);
    const { body } = await getTile(z, pairTile.x, pairTile.y);
    expect(body!.clusters).toEqual([{ ...centre, count: 2, animals: { wolf: 2 }, spot: true }]);
    // Nothing at the points given (their tiles at this zoom are other tiles).
    for (const given of [alone, ...pair]) {
      const g = tileAt(given, z);
      if ((g.x === at.x && g.y === at.y) || (g.x === pairTile.x && g.y === pairTile.y)) continue;
      const answer = await getTile(z, g.x, g.y);
      expect(answer.body).toEqual({ alerts: [], clusters: [], newest: null });
    }
  });
});

describe('GET /Alerts/tiles caching', () => {
  const place = { latitude: 53.13, longitude: 23.16 }; // Białystok
  const z = 14;

  it('answers 304 to a repeat, and changes its ETag when an alert in the tile is added, hidden or restored, not elsewhere', async () => {
    await postAlert(t.app, { ...place, animal: 'boar' });
    const { x, y } = tileAt(place, z);
    const first = await getTile(z, x, y);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(first.res.headers['cache-control']).toMatch(/public, max-age=\d+, stale-while-revalidate=\d+/);

    const repeat = await getTile(z, x, y, '', { 'if-none-match': first.etag! });
    expect(repeat.status).toBe(304);
    expect(repeat.res.body).toBe('');
    expect(repeat.etag).toBe(first.etag);

    // Elsewhere (another tile at this zoom): nothing changes here.
    await postAlert(t.app, { latitude: place.latitude + 0.2, longitude: place.longitude, animal: 'boar' });
    expect((await getTile(z, x, y, '', { 'if-none-match': first.etag! })).status).toBe(304);

    const added = await postAlert(t.app, { latitude: place.latitude + 0.001, longitude: place.longitude + 0.001, animal: 'fox' });
    const afterAdd = await getTile(z, x, y, '', { 'if-none-match': first.etag! });
    expect(afterAdd.status).toBe(200);
    expect(afterAdd.etag).not.toBe(first.etag);
    expect(afterAdd.body!.alerts.map((a) => a.id)).toContain(added.id);

    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${added.id}`, headers: ADMIN })).statusCode).toBe(204);
    const afterHide = await getTile(z, x, y, '', { 'if-none-match': afterAdd.etag! });
    expect(afterHide.status).toBe(200);
    expect(afterHide.body!.alerts.map((a) => a.id)).not.toContain(added.id);
    // The same content as before the add: the same validator.
    expect(afterHide.etag).toBe(first.etag);

    const restore = await t.app.inject({ method: 'POST', url: `/moderation/alerts/${added.id}/restore`, headers: ADMIN });
    expect(restore.statusCode).toBe(200);
    const afterRestore = await getTile(z, x, y, '', { 'if-none-match': afterHide.etag! });
    expect(afterRestore.status).toBe(200);
    expect(afterRestore.etag).toBe(afterAdd.etag);
  });

  it('sends Brotli or gzip as the client accepts, each with its own ETag, and 304 to either', async () => {
    // Enough clusters for an answer worth compressing (1 KB or more).
    await seed({ latitude: 53.5, longitude: 22.5 }, 500, 0.8, 'compressed ');
    const { x, y } = tileAt({ latitude: 53.9, longitude: 22.9 }, 9);
    const plain = await getTile(9, x, y);
    expect(plain.res.body.length).toBeGreaterThan(1024);
    const br = await getTile(9, x, y, '', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await getTile(9, x, y, '', { 'accept-encoding': 'gzip, br;q=0' });
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(br.res.headers.vary).toMatch(/accept-encoding/i);
    expect(new Set([plain.etag, br.etag, gz.etag]).size).toBe(3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.res.rawPayload).toString())).toEqual(plain.body);
    expect(JSON.parse(zlib.gunzipSync(gz.res.rawPayload).toString())).toEqual(plain.body);
    const again = await getTile(9, x, y, '', { 'accept-encoding': 'br', 'if-none-match': `"nope", ${br.etag}` });
    expect(again.status).toBe(304);
    expect(again.etag).toBe(br.etag);
  });

  it('changes the tile at every zoom that holds the new alert', async () => {
    const spot = { latitude: 53.2, longitude: 23.3 };
    const before = await Promise.all([3, 9, 15].map(async (zoom) => ({ zoom, ...(await getTile(zoom, ...xy(tileAt(spot, zoom)))) })));
    await postAlert(t.app, { ...spot, animal: 'hare' });
    for (const b of before) {
      const after = await getTile(b.zoom, ...xy(tileAt(spot, b.zoom)), '', { 'if-none-match': b.etag! });
      expect(after.status, `zoom ${b.zoom}`).toBe(200);
    }
  });
});

const xy = (tile: { x: number; y: number }) => [tile.x, tile.y] as const;

describe('GET /Alerts/tiles bad input', () => {
  it.each([
    ['/Alerts/tiles/20/0/0', 'z'],
    ['/Alerts/tiles/-1/0/0', 'z'],
    ['/Alerts/tiles/2/4/0', 'x'],
    ['/Alerts/tiles/2/0/4', 'y'],
    ['/Alerts/tiles/a/0/0', 'z'],
    ['/Alerts/tiles/1.5/0/0', 'z'],
    ['/Alerts/tiles/3/1/1?animal=dragon', 'animal'],
    ['/Alerts/tiles/3/1/1?since=yesterday', 'since'],
    ['/Alerts/tiles/3/1/1?radius=5', 'radius'],
  ])('%s is refused with a problem naming %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json<{ errors?: Record<string, string[]> }>();
    expect(Object.keys(body.errors ?? {}).join(' ')).toContain(field);
  });
});
