/**
 * Alerts around October 2026 for the monthly report's tests (issue 37), and the figures the report
 * must show, counted by direct SQL on the alerts table (not by the dashboard's queries).
 */
import type { FastifyInstance } from 'fastify';
import { organisationId, postAlert } from './helpers.ts';

export const CITY_GUARD = 'Straż Miejska Miasta Krakowa';
const NOWA_HUTA = { latitude: 50.0716, longitude: 20.0377 };
const KAZIMIERZ = { latitude: 50.0513, longitude: 19.9449 };

/** 1 November 2026, 05:59 and 06:00 in Kraków (CET, UTC+1). */
export const BEFORE_SIX = new Date('2026-11-01T04:59:00Z');
export const AT_SIX = new Date('2026-11-01T05:00:00Z');

const FIXTURE: Array<{ at: string; animal: string; behaviour?: string; where: typeof NOWA_HUTA; hidden?: boolean; ackMin?: number; resMin?: number }> = [
  { at: '2026-09-30T22:30:00Z', animal: 'boar', where: NOWA_HUTA, ackMin: 10 }, // 1 October 00:30 CEST: in October
  { at: '2026-10-10T10:00:00Z', animal: 'boar', behaviour: 'aggressive', where: NOWA_HUTA, ackMin: 30, resMin: 120 },
  { at: '2026-10-20T18:00:00Z', animal: 'boar', behaviour: 'aggressive', where: KAZIMIERZ },
  { at: '2026-10-26T07:00:00Z', animal: 'fox', behaviour: 'injured', where: KAZIMIERZ },
  { at: '2026-10-27T07:00:00Z', animal: 'boar', where: NOWA_HUTA, hidden: true }, // hidden: never counted
  { at: '2026-10-31T23:30:00Z', animal: 'boar', where: NOWA_HUTA }, // 1 November 00:30 CET: not October
  { at: '2025-10-05T10:00:00Z', animal: 'boar', where: NOWA_HUTA }, // a year earlier
  { at: '2025-10-06T10:00:00Z', animal: 'fox', where: KAZIMIERZ },
  { at: '2025-10-07T10:00:00Z', animal: 'fox', where: KAZIMIERZ },
];

export async function seedOctober(app: FastifyInstance): Promise<string> {
  const guard = await organisationId(app, CITY_GUARD);
  for (const f of FIXTURE) {
    const { id } = await postAlert(app, { ...f.where, animal: f.animal, ...(f.behaviour ? { behaviour: f.behaviour } : {}) });
    await app.db.query("UPDATE alerts SET created_at = $2, hidden = $3, hidden_at = CASE WHEN $3 THEN now() END, hidden_by = CASE WHEN $3 THEN 'moderator' END WHERE id = $1", [id, f.at, f.hidden ?? false]);
    await app.db.query(
      `UPDATE inbox_entries SET created_at = $2::timestamptz,
         acknowledged_at = CASE WHEN $3::int IS NULL THEN NULL ELSE $2::timestamptz + make_interval(mins => $3::int) END,
         resolved_at = CASE WHEN $4::int IS NULL THEN NULL ELSE $2::timestamptz + make_interval(mins => $4::int) END,
         status = CASE WHEN $4::int IS NOT NULL THEN 'resolved' WHEN $3::int IS NOT NULL THEN 'acknowledged' ELSE status END,
         outcome = CASE WHEN $4::int IS NOT NULL THEN 'not-found' ELSE outcome END
       WHERE alert_id = $1 AND organisation_id = $5`,
      [id, f.at, f.ackMin ?? null, f.resMin ?? null, guard],
    );
  }
  return guard;
}

export interface Expected {
  perAnimal: Record<string, number>;
  lastYear: Record<string, number>;
  behaviours: Record<string, number>;
  /** Alerts per area (AREAS_FILE) that has any. */
  areas: Record<string, number>;
  guardEntries: number;
  guardAckMedianMinutes: number;
  guardResolvedMedianMinutes: number;
}

const IN_MONTH = (from: string, to: string) =>
  `NOT a.hidden AND (a.created_at AT TIME ZONE 'Europe/Warsaw') >= '${from}' AND (a.created_at AT TIME ZONE 'Europe/Warsaw') < '${to}'`;

/** October 2026's figures by direct SQL. */
export async function expectedOctober(app: FastifyInstance, guard: string): Promise<Expected> {
  const count = async (sql: string) =>
    Object.fromEntries((await app.db.query<{ k: string; n: number }>(sql)).map((r) => [r.k, Number(r.n)])) as Record<string, number>;
  const oct = IN_MONTH('2026-10-01', '2026-11-01');
  const [response] = await app.db.query<{ entries: number; ack: number; res: number }>(
    `SELECT count(*)::int AS entries,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.acknowledged_at - i.created_at) / 60) AS ack,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.resolved_at - i.created_at) / 60) AS res
     FROM inbox_entries i JOIN alerts a ON a.id = i.alert_id WHERE i.organisation_id = $1 AND ${oct}`,
    [guard],
  );
  return {
    perAnimal: await count(`SELECT a.animal AS k, count(*)::int AS n FROM alerts a WHERE ${oct} GROUP BY 1`),
    lastYear: await count(`SELECT a.animal AS k, count(*)::int AS n FROM alerts a WHERE ${IN_MONTH('2025-10-01', '2025-11-01')} GROUP BY 1`),
    behaviours: await count(`SELECT a.behaviour AS k, count(*)::int AS n FROM alerts a WHERE ${oct} AND a.behaviour IS NOT NULL GROUP BY 1`),
    areas: await count(
      `SELECT d.name AS k, count(*)::int AS n FROM alerts a JOIN dashboard_areas d ON ST_Covers(d.shape, a.location::geometry) WHERE ${oct} GROUP BY 1`,
    ),
    guardEntries: response!.entries,
    guardAckMedianMinutes: Number(response!.ack),
    guardResolvedMedianMinutes: Number(response!.res),
  };
}
