/**
 * The SQL of the dashboard (issue 37): alerts counted by period and animal (and the same period a
 * year earlier), by area, by weekday × hour, by behaviour and by verification level, and each organisation's median
 * times to acknowledge and to resolve. Days, weeks, months and hours are the city's (its time
 * zone), so a week or an hour across a daylight-saving change is the one a resident lived.
 * Hidden alerts are never counted. The counts come from the daily roll-up that triggers keep in
 * every writer's transaction, the response times from the inbox entries with their alerts' facts
 * (migration 029).
 */
import { createHash } from 'node:crypto';
import { VERIFICATION_LEVELS, type VerificationLevel } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import type { AreaFeature } from './areas-file.ts';
import { ConfigError } from '../lib/config-error.ts';

/** Which point of an alert places it in an area: the exact one (staff), or the public one (sensitive species on their grid). */
export type Placement = 'location' | 'public_location';

/** The filters as applied: days in the city's time zone (the roll-up's), inclusive. */
export interface DashboardFilter {
  from: string;
  to: string;
  animals: readonly string[] | undefined;
  area: string | undefined;
}

/** How long counting every alert again may take: about two minutes per ten million alerts here. */
const REBUILD_TIMEOUT_MS = 10 * 60_000;

/** How many vertices a piece of an area may have: a point's area is found among a few short rings. */
const PIECE_VERTICES = 64;

/**
 * The roll-up's rows the filters take ($1 from, $2 to, $3 animals, $4 area): days of the city's
 * clock within [from, to), an area by the exact point (staff) or the public one (the public).
 */
function counted(placement: Placement, from = '$1::date', to = '($2::date + 1)'): string {
  const area = placement === 'location' ? 'c.area' : 'c.public_area';
  return `c.day >= ${from} AND c.day < ${to}
    AND ($3::text[] IS NULL OR c.animal = ANY ($3::text[]))
    AND ($4::text IS NULL OR ${area} = (SELECT position FROM dashboard_areas WHERE name = $4::text))`;
}

/**
 * $5 'week' or 'month'; $6 how far back "a year earlier" is: a year for months, 52 weeks (364
 * days) for weeks, so that a week is compared with one of the same weekdays. Read from the
 * verification counts, which hold each alert once.
 */
const TREND_SQL = (placement: Placement) => `
  WITH buckets AS (
    SELECT b::date AS start, row_number() OVER (ORDER BY b) AS i
    FROM generate_series(date_trunc($5::text, $1::date::timestamp), $2::date::timestamp, ('1 ' || $5::text)::interval) AS b
  ),
  cur AS (
    SELECT date_trunc($5::text, c.day::timestamp)::date AS start, c.animal, sum(c.n)::int AS n
    FROM dashboard_verification_counts c WHERE ${counted(placement)} GROUP BY 1, 2 HAVING sum(c.n) > 0
  ),
  prev AS (
    SELECT date_trunc($5::text, c.day + $6::interval)::date AS start, c.animal, sum(c.n)::int AS n
    FROM dashboard_verification_counts c WHERE ${counted(placement, '($1::date - $6::interval)', '(($2::date + 1) - $6::interval)')}
    GROUP BY 1, 2 HAVING sum(c.n) > 0
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
  WITH c AS (
    SELECT ${placement === 'location' ? 'c.area' : 'c.public_area'} AS position, sum(c.n)::int AS n
    FROM dashboard_verification_counts c WHERE ${counted(placement)} GROUP BY 1
  )
  SELECT json_build_object(
    'data', (SELECT coalesce(json_agg(json_build_object('area', d.name, 'count', coalesce(c.n, 0)) ORDER BY coalesce(c.n, 0) DESC, d.position), '[]'::json)
             FROM dashboard_areas d LEFT JOIN c USING (position)),
    'outside', (SELECT coalesce(sum(n), 0)::int FROM c WHERE position = -1)
  ) AS body`;

/** MATERIALIZED: counted once, not again for each of the seven days that read it. */
const HOURS_SQL = (placement: Placement) => `
  WITH c AS MATERIALIZED (
    SELECT extract(isodow FROM c.day)::int AS d, c.hour AS h, sum(c.n)::int AS n
    FROM dashboard_hour_counts c WHERE ${counted(placement)} GROUP BY 1, 2
  )
  SELECT json_build_object('counts', (
    SELECT json_agg(row ORDER BY day) FROM (
      SELECT day, (SELECT json_agg(coalesce(c.n, 0) ORDER BY hour) FROM generate_series(0, 23) AS hour LEFT JOIN c ON c.d = day AND c.h = hour) AS row
      FROM generate_series(1, 7) AS day
    ) days
  )) AS body`;

/** $5 the levels in their order: each listed, those with no alert at 0. */
const VERIFICATION_SQL = (placement: Placement) => `
  WITH c AS (SELECT c.verification AS level, sum(c.n)::int AS n FROM dashboard_verification_counts c WHERE ${counted(placement)} GROUP BY 1)
  SELECT json_build_object('data', json_agg(json_build_object('level', l.level, 'count', coalesce(c.n, 0)) ORDER BY l.i)) AS body
  FROM unnest($5::text[]) WITH ORDINALITY AS l(level, i) LEFT JOIN c USING (level)`;

const BEHAVIOURS_SQL = (placement: Placement) => `
  SELECT json_build_object('data', coalesce(json_agg(json_build_object('behaviour', behaviour, 'count', n) ORDER BY n DESC, behaviour NULLS LAST), '[]'::json)) AS body
  FROM (
    SELECT nullif(c.behaviour, '') AS behaviour, sum(c.n)::int AS n
    FROM dashboard_behaviour_counts c WHERE ${counted(placement)} GROUP BY 1 HAVING sum(c.n) > 0
  ) b`;

/**
 * From an entry's arrival in the inbox, as the inbox's own figures count (organisations-repository.ts).
 * Medians cannot be added up, so this one reads the entries themselves, each with its alert's day,
 * animal and area (migration 029).
 */
const RESPONSE_SQL = `
  SELECT json_build_object('data', coalesce(json_agg(json_build_object(
    'organisationId', o.id, 'name', o.name, 'entries', coalesce(e.entries, 0), 'acknowledged', coalesce(e.acknowledged, 0), 'acknowledgedMedianSeconds', e.ack,
    'resolved', coalesce(e.resolved, 0), 'resolvedMedianSeconds', e.res) ORDER BY coalesce(e.entries, 0) DESC, o.name->>'pl', o.id), '[]'::json)) AS body
  FROM organisations o
  LEFT JOIN (
    SELECT i.organisation_id, count(*)::int AS entries, count(i.acknowledged_at)::int AS acknowledged,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.acknowledged_at - i.created_at)::float8) AS ack,
      count(i.resolved_at)::int AS resolved,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.resolved_at - i.created_at)::float8) AS res
    FROM inbox_entries i
    WHERE i.alert_day >= $1::date AND i.alert_day < ($2::date + 1)
      AND ($3::text[] IS NULL OR i.alert_animal = ANY ($3::text[]))
      AND ($4::text IS NULL OR i.alert_area = (SELECT position FROM dashboard_areas WHERE name = $4::text))
    GROUP BY i.organisation_id
  ) e ON e.organisation_id = o.id
  WHERE o.inbox`;

function params(f: DashboardFilter): unknown[] {
  return [f.from, f.to, f.animals && f.animals.length > 0 ? f.animals : null, f.area ?? null];
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
     * Puts the areas of AREAS_FILE in place of those in the database, and the roll-up counted in
     * them and in `timeZone`, in one transaction (an instance starting at the same time waits its
     * turn). When neither changed since the last start, nothing is written. Otherwise every alert is
     * counted again (seconds at a million), with alerts' writes waiting meanwhile, so that none is
     * counted in the old areas. Throws a ConfigError naming an area whose shape is not valid (a ring
     * crossing itself), and then changes nothing.
     */
    async prepare(areas: readonly AreaFeature[], file: string, timeZone: string): Promise<void> {
      const builtFor = createHash('sha256').update(JSON.stringify({ timeZone, areas })).digest('base64url');
      await db.transaction(
        async (tx) => {
          await tx.query('LOCK TABLE dashboard_areas IN EXCLUSIVE MODE');
          const [rollup] = await tx.query<{ built_for: string | null }>('SELECT built_for FROM dashboard_rollup');
          if (rollup?.built_for === builtFor) return;
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
          await tx.query('LOCK TABLE alerts IN SHARE MODE');
          // An upsert: the row may have been deleted by hand.
          await tx.query(
            `INSERT INTO dashboard_rollup (time_zone, built_for) VALUES ($1, $2)
             ON CONFLICT (only_row) DO UPDATE SET time_zone = excluded.time_zone, built_for = excluded.built_for`,
            [timeZone, builtFor],
          );
          await tx.query('SELECT dashboard_rollup_rebuild()');
        },
        { timeoutMs: REBUILD_TIMEOUT_MS },
      );
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
