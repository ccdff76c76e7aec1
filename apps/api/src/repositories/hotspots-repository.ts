/**
 * The SQL of hotspots: a tile's visible alerts of the last months counted on a grid of cells,
 * by animal, season and time of day in the city's time zone. One streaming pass over the
 * tile's alerts (the tiles' index, migration 008); the answer is the cells, however many alerts.
 */
import { HOTSPOT_CELL_BITS, hoursOf, SEASONS, tileBounds, type HotspotQuery } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { utc } from './alert-json.ts';
import { CELL_X, CELL_Y, IN_TILE, tileBody, type Tile } from './tiles-repository.ts';

/** The hour of `a` in the city's time zone ($11), 0 to 23. */
const LOCAL_HOUR = `extract(hour FROM a.created_at AT TIME ZONE $11::text)::int`;

/**
 * $1–$7 as a tile's (its box, cells per world side, animals, since); $8 the season's months or
 * null, $9–$10 the hours (from ≤ hour < to, or overnight when from > to), $11 the time zone.
 */
export const HOTSPOT_SQL = `
  WITH cells AS (
    SELECT ${CELL_X} AS x, ${CELL_Y} AS y, count(*)::int AS n
    FROM alerts a
    WHERE ${IN_TILE}
      AND ($8::int[] IS NULL OR extract(month FROM a.created_at AT TIME ZONE $11::text)::int = ANY ($8::int[]))
      AND CASE WHEN $9::int < $10::int THEN ${LOCAL_HOUR} >= $9::int AND ${LOCAL_HOUR} < $10::int
               ELSE ${LOCAL_HOUR} >= $9::int OR ${LOCAL_HOUR} < $10::int END
    GROUP BY 1, 2
  )
  SELECT json_build_object(
    'cells', coalesce((SELECT json_agg(json_build_object('x', x, 'y', y, 'count', n) ORDER BY y, x) FROM cells), '[]'::json),
    'total', (SELECT coalesce(sum(n), 0)::int FROM cells),
    'since', ${utc('$7::timestamptz')}
  )::text AS body`;

export interface HotspotFilter extends HotspotQuery {
  /** The start of the period counted. */
  since: Date;
  timeZone: string;
}

export function hotspotParams({ z, x, y }: Tile, f: HotspotFilter): unknown[] {
  const b = tileBounds(z, x, y);
  const hours = hoursOf(f.hours);
  return [
    b.west,
    b.south,
    b.east,
    b.north,
    2 ** (z + HOTSPOT_CELL_BITS),
    f.animal ?? null,
    f.since.toISOString(),
    f.season ? SEASONS[f.season] : null,
    hours.from,
    hours.to,
    f.timeZone,
  ];
}

export function hotspotsRepository(db: Database) {
  return {
    /** One tile's hotspots, `{"cells": […], "total": n, "since": …}`, as JSON text. */
    tile: (tile: Tile, filter: HotspotFilter): Promise<string> => tileBody(db, tile, HOTSPOT_SQL, hotspotParams(tile, filter)),
  };
}

export type HotspotsRepository = ReturnType<typeof hotspotsRepository>;
