/**
 * The SQL of the map's tiles: the visible alerts of one Web-Mercator tile on a grid of cells
 * (packages/shared/src/tiles.ts); an alert alone in its cell as it is, two or more as a cluster
 * with exact counts per animal. PostgreSQL builds the whole answer as JSON text, in one scan.
 */
import { TILE_CELL_BITS, tileBounds, type TileQuery } from '@wildalert/shared';
import { levelsOf } from './verification-repository.ts';
import type { Database } from '../db/database.ts';
import { ALERT_JSON, utc } from './alert-json.ts';

/** Which visible alerts are in the tile ($1–$4 its west, south, east, north) and pass the filters ($6 animals, $7 since), as a condition on `a`. */
export const IN_TILE = `a.public_location::geometry && ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326)
      AND NOT a.hidden
      AND ($6::text[] IS NULL OR a.animal = ANY ($6::text[]))
      AND ($7::timestamptz IS NULL OR a.created_at >= $7::timestamptz)
      AND ST_X(a.public_location::geometry) >= $1::float8 AND (ST_X(a.public_location::geometry) < $3::float8 OR $3::float8 = 180)
      AND ST_Y(a.public_location::geometry) > $2::float8 AND ST_Y(a.public_location::geometry) <= $4::float8`;

/** The tile's level filter ($8, the levels shown; null: all), beside IN_TILE (which hotspots share without it). */
const AT_LEVEL = `($8::text[] IS NULL OR a.verification = ANY ($8::text[]))`;

/**
 * The cell of `a` on the grid of $5 cells per world side: the expression of `mercator` and
 * `gridOf` (packages/shared/src/tiles.ts), the map's own, with which it places a live alert in
 * its cluster. tiles-repository.test.ts checks that both agree on sample points, edges included.
 */
export const CELL_X = `floor((ST_X(a.public_location::geometry) + 180) / 360 * $5)::int`;
export const CELL_Y = `floor((1 - ln(tan(radians(ST_Y(a.public_location::geometry))) + 1 / cos(radians(ST_Y(a.public_location::geometry)))) / pi()) / 2 * $5)::int`;

/**
 * A tile holds west ≤ longitude < east (180° itself in the last column) and south < latitude ≤
 * north, as gridOf rounds, so that tiles side by side never count an alert twice. One pass
 * counts the cells (per animal, with their sums for the mean point), streaming, whatever the
 * number of alerts; then each cell holding a single alert reads it by its cell's box (a few
 * index lookups), so that no alert's row is kept beyond the count.
 */
export const TILE_SQL = `
  WITH per_animal AS (
    SELECT ${CELL_X} AS cx, ${CELL_Y} AS cy, a.animal, count(*) AS n,
           sum(ST_Y(a.public_location::geometry)) AS lat_sum, sum(ST_X(a.public_location::geometry)) AS lon_sum,
           min(ST_Y(a.public_location::geometry)) AS lat_min, max(ST_Y(a.public_location::geometry)) AS lat_max,
           min(ST_X(a.public_location::geometry)) AS lon_min, max(ST_X(a.public_location::geometry)) AS lon_max,
           max(a.created_at) AS newest
    FROM alerts a
    WHERE ${IN_TILE} AND ${AT_LEVEL}
    GROUP BY 1, 2, 3
  ),
  cells AS MATERIALIZED (
    SELECT cx, cy, sum(n)::int AS n,
           sum(lat_sum) / sum(n) AS lat, sum(lon_sum) / sum(n) AS lon,
           min(lat_min) = max(lat_max) AND min(lon_min) = max(lon_max) AS spot,
           json_object_agg(animal, n ORDER BY animal) AS animals,
           max(newest) AS newest
    FROM per_animal
    GROUP BY cx, cy
  )
  SELECT json_build_object(
    'alerts', coalesce((
      SELECT json_agg(${ALERT_JSON} ORDER BY a.created_at DESC, a.seq DESC)
      FROM cells c
      CROSS JOIN LATERAL (
        SELECT a.* FROM alerts a
        WHERE a.public_location::geometry && ST_MakeEnvelope(
                c.cx / $5::float8 * 360 - 180 - 1e-9,
                degrees(atan(sinh(pi() * (1 - 2 * (c.cy + 1) / $5::float8)))) - 1e-9,
                (c.cx + 1) / $5::float8 * 360 - 180 + 1e-9,
                degrees(atan(sinh(pi() * (1 - 2 * c.cy / $5::float8)))) + 1e-9, 4326)
          AND ${IN_TILE} AND ${AT_LEVEL} AND ${CELL_X} = c.cx AND ${CELL_Y} = c.cy
      ) a
      WHERE c.n = 1
    ), '[]'::json),
    'clusters', coalesce((
      SELECT json_agg(json_build_object(
               'latitude', round(c.lat::numeric, 6), 'longitude', round(c.lon::numeric, 6),
               'count', c.n, 'animals', c.animals, 'spot', c.spot) ORDER BY c.cy, c.cx)
      FROM cells c
      WHERE c.n > 1
    ), '[]'::json),
    'newest', (SELECT ${utc('max(c.newest)')} FROM cells c)
  )::text AS body`;

export interface Tile {
  z: number;
  x: number;
  y: number;
}

export function tileParams({ z, x, y }: Tile, q: TileQuery): unknown[] {
  const b = tileBounds(z, x, y);
  return [b.west, b.south, b.east, b.north, 2 ** (z + TILE_CELL_BITS), q.animal ?? null, q.since ?? null, levelsOf(q.verification)];
}

/**
 * Tiles this far out may hold every alert of a country: their one pass over hundreds of
 * thousands of rows may take longer than a request's usual deadline. Each is read once and
 * then kept (tile-cache.ts) until an alert inside it changes.
 */
const WIDE_TILE_MAX_ZOOM = 8;
const WIDE_TILE_TIMEOUT_MS = 20_000;

/** A tile statement's one `body`: a wide tile may take up to WIDE_TILE_TIMEOUT_MS, the others the usual deadline. */
export async function tileBody(db: Database, tile: Tile, sql: string, params: unknown[]): Promise<string> {
  const rows =
    tile.z > WIDE_TILE_MAX_ZOOM
      ? await db.query<{ body: string }>(sql, params)
      : await db.transaction((tx) => tx.query<{ body: string }>(sql, params), { timeoutMs: WIDE_TILE_TIMEOUT_MS });
  return rows[0]!.body;
}

export function tilesRepository(db: Database) {
  return {
    /** One tile's answer body, `{"alerts": […], "clusters": […], "newest": …}`, as JSON text. */
    tile: (tile: Tile, q: TileQuery): Promise<string> => tileBody(db, tile, TILE_SQL, tileParams(tile, q)),
  };
}

export type TilesRepository = ReturnType<typeof tilesRepository>;
