/**
 * The SQL of the dashboard (issue 37): alerts counted by period and animal (and the same period a
 * year earlier), by area, by weekday × hour, by behaviour and by verification level, and each organisation's median
 * times to acknowledge and to resolve. Days, weeks, months and hours are the city's (its time
 * zone), so a week or an hour across a daylight-saving change is the one a resident lived.
 * Hidden alerts are never counted.
 */
import { VERIFICATION_LEVELS, type VerificationLevel } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import type { AreaFeature } from './areas-file.ts';
import { ConfigError } from '../lib/config-error.ts';

/** Which point of an alert places it in an area: the exact one (staff), or the public one (sensitive species on their grid). */
export type Placement = 'location' | 'public_location';

/** The filters as applied: days in the city's time zone, inclusive. */
export interface DashboardFilter {
  from: string;
  to: string;
  animals: readonly string[] | undefined;
  area: string | undefined;
  timeZone: string;
}

/** How many vertices a piece of an area may have: a point's area is found among a few short rings. */
const PIECE_VERTICES = 64;

// $1 from, $2 to (dates), $3 animals, $4 area, $5 the time zone.
const FROM = `($1::date::timestamp AT TIME ZONE $5::text)`;
const TO = `(($2::date + 1)::timestamp AT TIME ZONE $5::text)`;

/**
 * The area an alert counts in: the first in the areas file's order that covers its point, so an
 * alert on a shared border (covered by both) counts once, in the area listed first.
 */
function areaOf(placement: Placement): string {
  return `(SELECT d.name FROM dashboard_area_pieces p JOIN dashboard_areas d USING (position)
           WHERE ST_Covers(p.piece, a.${placement}::geometry) ORDER BY p.position LIMIT 1)`;
}

/** The alerts the filters take, created within [from, to). CASE: the area is looked up only when asked for. */
function filtered(placement: Placement, from = FROM, to = TO): string {
  return `NOT a.hidden AND a.created_at >= ${from} AND a.created_at < ${to}
    AND ($3::text[] IS NULL OR a.animal = ANY ($3::text[]))
    AND CASE WHEN $4::text IS NULL THEN true ELSE ${areaOf(placement)} = $4::text END`;
}

const local = `(a.created_at AT TIME ZONE $5::text)`;

/**
 * $6 'week' or 'month'; $7 how far back "a year earlier" is: a year for months, 52 weeks (364
 * days) for weeks, so that a week is compared with one of the same weekdays.
 */
const TREND_SQL = (placement: Placement) => `
  WITH buckets AS (
    SELECT b::date AS start, row_number() OVER (ORDER BY b) AS i
    FROM generate_series(date_trunc($6::text, $1::date::timestamp), $2::date::timestamp, ('1 ' || $6::text)::interval) AS b
  ),
  cur AS (
    SELECT date_trunc($6::text, ${local})::date AS start, a.animal, count(*)::int AS n
    FROM alerts a WHERE ${filtered(placement)} GROUP BY 1, 2
  ),
  prev AS (
    SELECT date_trunc($6::text, ${local} + $7::interval)::date AS start, a.animal, count(*)::int AS n
    FROM alerts a
    WHERE ${filtered(placement, `(($1::date - $7::interval) AT TIME ZONE $5::text)`, `((($2::date + 1) - $7::interval) AT TIME ZONE $5::text)`)}
    GROUP BY 1, 2
  ),
  series AS (
    SELECT an.animal,
      (SELECT json_agg(coalesce(c.n, 0) ORDER BY b.i) FROM buckets b LEFT JOIN cur c ON c.start = b.start AND c.animal = an.animal) AS counts,
      (SELECT json_agg(coalesce(p.n, 0) ORDER BY b.i) FROM buckets b LEFT JOIN prev p ON p.start = b.start AND p.animal = an.animal) AS last_year,
      (SELECT coalesce(sum(n), 0) FROM cur WHERE cur.animal = an.animal) AS total,
      (SELECT coalesce(sum(n), 0) FROM prev WHERE prev.animal = an.animal) AS last_total
    FROM (SELECT animal FROM cur UNION SELECT animal FROM prev) an
  )
  SELECT json_build_object(
    'periods', (SELECT coalesce(json_agg(to_char(start, 'YYYY-MM-DD') ORDER BY i), '[]'::json) FROM buckets),
    'series', (SELECT coalesce(json_agg(json_build_object('animal', animal, 'counts', counts, 'lastYear', last_year) ORDER BY total DESC, last_total DESC, animal), '[]'::json) FROM series)
  ) AS body`;

const AREAS_SQL = (placement: Placement) => `
  WITH c AS (SELECT ${areaOf(placement)} AS area, count(*)::int AS n FROM alerts a WHERE ${filtered(placement)} GROUP BY 1)
  SELECT json_build_object(
    'data', (SELECT coalesce(json_agg(json_build_object('area', d.name, 'count', coalesce(c.n, 0)) ORDER BY coalesce(c.n, 0) DESC, d.position), '[]'::json)
             FROM dashboard_areas d LEFT JOIN c ON c.area = d.name),
    'outside', (SELECT coalesce(sum(n), 0)::int FROM c WHERE area IS NULL)
  ) AS body`;

const HOURS_SQL = (placement: Placement) => `
  WITH c AS (
    SELECT extract(isodow FROM ${local})::int AS d, extract(hour FROM ${local})::int AS h, count(*)::int AS n
    FROM alerts a WHERE ${filtered(placement)} GROUP BY 1, 2
  )
  SELECT json_build_object('counts', (
    SELECT json_agg(row ORDER BY day) FROM (
      SELECT day, (SELECT json_agg(coalesce(c.n, 0) ORDER BY hour) FROM generate_series(0, 23) AS hour LEFT JOIN c ON c.d = day AND c.h = hour) AS row
      FROM generate_series(1, 7) AS day
    ) days
  )) AS body`;

/** $6 the levels in their order: each listed, those with no alert at 0. */
const VERIFICATION_SQL = (placement: Placement) => `
  WITH c AS (SELECT a.verification AS level, count(*)::int AS n FROM alerts a WHERE ${filtered(placement)} GROUP BY 1)
  SELECT json_build_object('data', json_agg(json_build_object('level', l.level, 'count', coalesce(c.n, 0)) ORDER BY l.i)) AS body
  FROM unnest($6::text[]) WITH ORDINALITY AS l(level, i) LEFT JOIN c USING (level)`;

const BEHAVIOURS_SQL = (placement: Placement) => `
  SELECT json_build_object('data', coalesce(json_agg(json_build_object('behaviour', behaviour, 'count', n) ORDER BY n DESC, behaviour NULLS LAST), '[]'::json)) AS body
  FROM (SELECT a.behaviour, count(*)::int AS n FROM alerts a WHERE ${filtered(placement)} GROUP BY 1) b`;

/** From an entry's arrival in the inbox, as the inbox's own figures count (organisations-repository.ts). */
const RESPONSE_SQL = `
  SELECT json_build_object('data', coalesce(json_agg(json_build_object(
    'organisationId', id, 'name', name, 'entries', entries, 'acknowledged', acknowledged, 'acknowledgedMedianSeconds', ack,
    'resolved', resolved, 'resolvedMedianSeconds', res) ORDER BY entries DESC, name->>'pl', id), '[]'::json)) AS body
  FROM (
    SELECT o.id, o.name, count(e.alert_id)::int AS entries, count(e.acknowledged_at)::int AS acknowledged,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.acknowledged_at - e.created_at)::float8) AS ack,
      count(e.resolved_at)::int AS resolved,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.resolved_at - e.created_at)::float8) AS res
    FROM organisations o
    LEFT JOIN (SELECT i.* FROM inbox_entries i JOIN alerts a ON a.id = i.alert_id WHERE ${filtered('location')}) e ON e.organisation_id = o.id
    WHERE o.inbox
    GROUP BY o.id, o.name
  ) per_organisation`;

function params(f: DashboardFilter): unknown[] {
  return [f.from, f.to, f.animals && f.animals.length > 0 ? f.animals : null, f.area ?? null, f.timeZone];
}

export function dashboardRepository(db: Database) {
  const body = async <T>(sql: string, values: unknown[]): Promise<T> => {
    const [row] = await db.query<{ body: T | string }>(sql, values);
    // PGlite hands json back parsed, node-postgres too; text only if a driver ever declines.
    return (typeof row!.body === 'string' ? JSON.parse(row!.body) : row!.body) as T;
  };
  return {
    trend: (f: DashboardFilter, period: 'week' | 'month', placement: Placement) =>
      body<{ periods: string[]; series: Array<{ animal: string; counts: number[]; lastYear: number[] }> }>(TREND_SQL(placement), [
        ...params(f),
        period,
        period === 'week' ? '364 days' : '1 year',
      ]),
    areas: (f: DashboardFilter, placement: Placement) => body<{ data: Array<{ area: string; count: number }>; outside: number }>(AREAS_SQL(placement), params(f)),
    hours: (f: DashboardFilter, placement: Placement) => body<{ counts: number[][] }>(HOURS_SQL(placement), params(f)),
    behaviours: (f: DashboardFilter, placement: Placement) =>
      body<{ data: Array<{ behaviour: string | null; count: number }> }>(BEHAVIOURS_SQL(placement), params(f)),
    verification: (f: DashboardFilter, placement: Placement) =>
      body<{ data: Array<{ level: VerificationLevel; count: number }> }>(VERIFICATION_SQL(placement), [...params(f), VERIFICATION_LEVELS]),
    response: (f: DashboardFilter) => body<{ data: ResponseRow[] }>(RESPONSE_SQL, params(f)),

    /** The names of the areas in the database, in the file's order. */
    async areaNames(): Promise<string[]> {
      return (await db.query<{ name: string }>('SELECT name FROM dashboard_areas ORDER BY position')).map((r) => r.name);
    },

    /**
     * Puts the areas of AREAS_FILE in place of those in the database, in one transaction (an
     * instance starting at the same time waits its turn). Throws a ConfigError naming an area
     * whose shape is not valid (a ring crossing itself), and then changes nothing.
     */
    async replaceAreas(areas: readonly AreaFeature[], file: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('LOCK TABLE dashboard_areas IN EXCLUSIVE MODE');
        await tx.query('DELETE FROM dashboard_areas');
        await tx.query(
          `INSERT INTO dashboard_areas (position, name, shape)
           SELECT (f.i - 1)::int, f.feature->'properties'->>'name', ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(f.feature->>'geometry'), 4326))
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS f(feature, i)`,
          [JSON.stringify(areas)],
        );
        const [bad] = await tx.query<{ name: string; reason: string }>(
          'SELECT name, ST_IsValidReason(shape) AS reason FROM dashboard_areas WHERE NOT ST_IsValid(shape) ORDER BY position LIMIT 1',
        );
        if (bad) throw new ConfigError(`Invalid configuration: AREAS_FILE ${file}: the area ${JSON.stringify(bad.name)} is not a valid shape (${bad.reason})`);
        await tx.query(`INSERT INTO dashboard_area_pieces (position, piece) SELECT position, ST_Subdivide(shape, ${PIECE_VERTICES}) FROM dashboard_areas`);
      });
    },
  };
}

export interface ResponseRow {
  organisationId: string;
  name: { pl: string; en?: string; uk?: string };
  entries: number;
  acknowledged: number;
  acknowledgedMedianSeconds: number | null;
  resolved: number;
  resolvedMedianSeconds: number | null;
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;
