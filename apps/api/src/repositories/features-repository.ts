/**
 * The SQL of the OGC API – Features (routes/ogc-features.ts): the visible alerts at their public
 * points as GeoJSON features (the Feature of GET /Alerts.geojson), filtered by a box and a time
 * and read a page at a time, newest first, by keyset: a page far down costs what the first does.
 */
import type { Database } from '../db/database.ts';
import { GEOJSON_FEATURE } from './alerts-repository.ts';

/** A box in degrees, west to east and south to north; west > east crosses the antimeridian. */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Where a page starts: after (older than) or before (newer than) an alert, named by its
 * `created_at` in microseconds since 1970 and its `seq` (the order `created_at DESC, seq DESC`).
 */
export interface PageKey {
  direction: 'after' | 'before';
  micros: string;
  seq: string;
}

export interface FeatureQuery {
  bbox?: Bbox;
  /** From this instant on (inclusive), ISO 8601. */
  start?: string;
  /** Up to this instant, ISO 8601; inclusive when `endInclusive`. */
  end?: string;
  endInclusive?: boolean;
  limit: number;
  key?: PageKey;
}

export interface FeaturePage {
  /** Each feature as GeoJSON text, newest first. */
  features: string[];
  /** The first and last feature's page keys (`micros_seq`). */
  firstKey?: string;
  lastKey?: string;
  /** More features beyond the page in its own direction (older for `after` and the first page, newer for `before`). */
  more: boolean;
  /**
   * How many features the filters match, every page together, when at most MATCHED_COUNTED;
   * undefined beyond (OGC API – Features lets a server omit a count that is costly to make).
   */
  matched: number | undefined;
}

/**
 * The filters as a condition on `a` ($1–$4 the box, $5 start, $6 end, $7 whether the end is
 * inclusive). Spelled as the tiles' index (migration 008) is: a box over the public point as a
 * geometry, hidden alerts left out.
 */
function filterSql(bbox: Bbox | undefined): string {
  const box = (west: string, east: string) => `a.public_location::geometry && ST_MakeEnvelope(${west}, $2::float8, ${east}, $4::float8, 4326)`;
  const inBox =
    bbox === undefined
      ? // Every parameter is named, typed, in every statement.
        '$1::float8 IS NULL AND $2::float8 IS NULL AND $3::float8 IS NULL AND $4::float8 IS NULL'
      : bbox.west <= bbox.east
        ? box('$1::float8', '$3::float8')
        : `(${box('$1::float8', '180')} OR ${box('-180', '$3::float8')})`;
  return `NOT a.hidden AND ${inBox}
    AND ($5::timestamptz IS NULL OR a.created_at >= $5::timestamptz)
    AND ($6::timestamptz IS NULL OR a.created_at < $6::timestamptz OR ($7::boolean AND a.created_at = $6::timestamptz))`;
}

/** An alert's page key: `micros_seq`. */
const KEY_SQL = `(extract(epoch FROM a.created_at) * 1000000)::bigint::text || '_' || a.seq::text`;
const KEY_TIME = `'1970-01-01 00:00:00+00'::timestamptz + $8::bigint * interval '1 microsecond'`;

function pageSql(bbox: Bbox | undefined, key: PageKey | undefined): string {
  const older = key?.direction !== 'before';
  const afterKey = key === undefined ? 'AND $8::bigint IS NULL AND $9::bigint IS NULL' : `AND (a.created_at, a.seq) ${older ? '<' : '>'} (${KEY_TIME}, $9::bigint)`;
  const order = older ? 'DESC' : 'ASC';
  return `SELECT ${GEOJSON_FEATURE}::text AS feature, ${KEY_SQL} AS key
    FROM alerts a
    WHERE ${filterSql(bbox)} ${afterKey}
    ORDER BY a.created_at ${order}, a.seq ${order}
    LIMIT $10::int + 1`;
}

/**
 * The most features counted for `numberMatched`. Counting every match costs a read of each one
 * (a million alerts: most of a second per page); up to this many, a few milliseconds.
 */
export const MATCHED_COUNTED = 10_000;

const COUNT_SQL = (bbox: Bbox | undefined) =>
  `SELECT count(*)::int AS n FROM (SELECT 1 FROM alerts a WHERE ${filterSql(bbox)} LIMIT ${MATCHED_COUNTED + 1}) matching`;

function filterParams(q: FeatureQuery): unknown[] {
  const b = q.bbox;
  return [b?.west ?? null, b?.south ?? null, b?.east ?? null, b?.north ?? null, q.start ?? null, q.end ?? null, q.endInclusive ?? false];
}

export function featuresRepository(db: Database) {
  return {
    /** One page of features and how many match in all (up to MATCHED_COUNTED). */
    async page(q: FeatureQuery): Promise<FeaturePage> {
      // Side by side: on PostgreSQL two connections, so the page waits for the slower, not both.
      const [rows, [count]] = await Promise.all([
        db.query<{ feature: string; key: string }>(pageSql(q.bbox, q.key), [...filterParams(q), q.key?.micros ?? null, q.key?.seq ?? null, q.limit]),
        db.query<{ n: number }>(COUNT_SQL(q.bbox), filterParams(q)),
      ]);
      const more = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      // Newest first, whichever way the page was read.
      if (q.key?.direction === 'before') page.reverse();
      const matched = count!.n <= MATCHED_COUNTED ? count!.n : undefined;
      return { features: page.map((r) => r.feature), firstKey: page[0]?.key, lastKey: page.at(-1)?.key, more, matched };
    },

    /** One visible alert as a feature, or undefined (none, or hidden). */
    async byId(id: string): Promise<string | undefined> {
      const rows = await db.query<{ feature: string }>(`SELECT ${GEOJSON_FEATURE}::text AS feature FROM alerts a WHERE a.id = $1 AND NOT a.hidden`, [id]);
      return rows[0]?.feature;
    },
  };
}

export type FeaturesRepository = ReturnType<typeof featuresRepository>;
