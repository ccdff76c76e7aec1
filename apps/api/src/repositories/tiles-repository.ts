/**
 * The SQL of the map's tiles: the visible alerts of one Web-Mercator tile on a grid of cells
 * (packages/shared/src/tiles.ts); an alert alone in its cell as it is, two or more as a cluster
 * with exact counts per animal. PostgreSQL builds the whole answer as JSON text, in one scan.
 */
import { TILE_CELL_BITS, tileBounds, type TileQuery } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { ALERT_JSON, utc } from './alert-json.ts';

/**
 * $1–$4 the tile's west, south, east, north; $5 cells per world side at this zoom; $6 the
 * animals; $7 since. A tile holds west ≤ longitude < east and south ≤ latitude < north
 * (180° itself belongs to the last column), so that tiles side by side never count an alert twice.
 * The cell arithmetic is gridOf's.
 */
export const TILE_SQL = `
  WITH t AS MATERIALIZED (
    SELECT a.*, g.lon, g.lat,
           floor((g.lon + 180) / 360 * $5)::int AS cx,
           floor((1 - ln(tan(radians(g.lat)) + 1 / cos(radians(g.lat))) / pi()) / 2 * $5)::int AS cy
    FROM alerts a
    CROSS JOIN LATERAL (SELECT ST_X(a.public_location::geometry) AS lon, ST_Y(a.public_location::geometry) AS lat) g
    WHERE a.public_location::geometry && ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326)
      AND NOT a.hidden
      AND ($6::text[] IS NULL OR a.animal = ANY ($6::text[]))
      AND ($7::timestamptz IS NULL OR a.created_at >= $7::timestamptz)
      AND g.lon >= $1::float8 AND (g.lon < $3::float8 OR $3::float8 = 180)
      AND g.lat > $2::float8 AND g.lat <= $4::float8
  ),
  cells AS (
    SELECT cx, cy, sum(n)::int AS n,
           sum(lat_sum) / sum(n) AS lat, sum(lon_sum) / sum(n) AS lon,
           min(lat_min) = max(lat_max) AND min(lon_min) = max(lon_max) AS spot,
           json_object_agg(animal, n ORDER BY animal) AS animals
    FROM (
      SELECT cx, cy, animal, count(*) AS n, sum(lat) AS lat_sum, sum(lon) AS lon_sum,
             min(lat) AS lat_min, max(lat) AS lat_max, min(lon) AS lon_min, max(lon) AS lon_max
      FROM t GROUP BY cx, cy, animal
    ) per_animal
    GROUP BY cx, cy
  )
  SELECT json_build_object(
    'alerts', coalesce((
      SELECT json_agg(${ALERT_JSON} ORDER BY a.created_at DESC, a.seq DESC)
      FROM t a JOIN cells c USING (cx, cy)
      WHERE c.n = 1
    ), '[]'::json),
    'clusters', coalesce((
      SELECT json_agg(json_build_object(
               'latitude', round(c.lat::numeric, 6), 'longitude', round(c.lon::numeric, 6),
               'count', c.n, 'animals', c.animals, 'spot', c.spot) ORDER BY c.cy, c.cx)
      FROM cells c
      WHERE c.n > 1
    ), '[]'::json),
    'newest', (SELECT ${utc('max(t.created_at)')} FROM t)
  )::text AS body`;

export interface Tile {
  z: number;
  x: number;
  y: number;
}

export function tileParams({ z, x, y }: Tile, q: TileQuery): unknown[] {
  const b = tileBounds(z, x, y);
  return [b.west, b.south, b.east, b.north, 2 ** (z + TILE_CELL_BITS), q.animal ?? null, q.since ?? null];
}

export function tilesRepository(db: Database) {
  return {
    /** One tile's answer body, `{"alerts": […], "clusters": […], "newest": …}`, as JSON text. */
    async tile(tile: Tile, q: TileQuery): Promise<string> {
      const rows = await db.query<{ body: string }>(TILE_SQL, tileParams(tile, q));
      return rows[0]!.body;
    },
  };
}

export type TilesRepository = ReturnType<typeof tilesRepository>;
