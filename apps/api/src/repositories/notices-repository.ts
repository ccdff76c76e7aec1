/** The SQL of official notices: posting one (and queueing its push), removing it, and reading those in force. */
import type { Notice, NoticeBody } from '@wildalert/shared';
import { NOTICE_DAYS_MAX, NOTICE_RADIUS_MAX_KM, PUSH_RADIUS_MAX_KM } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { utc } from './alert-json.ts';

/** The area as geography: a circle buffered on the sphere, a polygon as given ($1 the area's JSON). */
const SHAPE_SQL = `CASE WHEN $1::jsonb ? 'radiusKm' THEN ST_Buffer(
    ST_SetSRID(ST_MakePoint(($1::jsonb->>'longitude')::float8, ($1::jsonb->>'latitude')::float8), 4326)::geography,
    ($1::jsonb->>'radiusKm')::float8 * 1000)
  ELSE ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326)::geography END`;

/** A polygon may cover no more than the largest circle. */
const MAX_AREA_M2 = Math.PI * (NOTICE_RADIUS_MAX_KM * 1000) ** 2;

const NOTICE_COLUMNS = `n.id, jsonb_build_object('id', o.id, 'name', o.name) AS organisation, n.text, n.area,
  ${utc('n.starts_at')} AS "startsAt", ${utc('n.ends_at')} AS "endsAt", ${utc('n.created_at')} AS "createdAt"`;

export type PostResult =
  | { kind: 'posted'; notice: Notice; subscriptions: number }
  | { kind: 'no-organisation' }
  /** What the schema cannot say: a self-crossing or too large polygon, times out of order. */
  | { kind: 'invalid'; field: 'area' | 'startsAt' | 'endsAt'; reason: string };

export function noticesRepository(db: Database) {
  return {
    /** Whether the account is a member of the organisation (organisation_members). */
    async isMember(organisationId: string, accountId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM organisation_members WHERE organisation_id = $1 AND account_id = $2', [organisationId, accountId]);
      return rows.length > 0;
    },

    /**
     * Stores the notice and, in the same transaction, its audit entry and a push to each
     * subscription whose circle meets its area (not paused): queued as the alerts' pushes are,
     * one job per subscription, due now. Returns how many subscriptions it was queued for.
     */
    async post(organisationId: string, body: NoticeBody, actor: Actor): Promise<PostResult> {
      return db.transaction(async (tx) => {
        const [org] = await tx.query('SELECT 1 FROM organisations WHERE id = $1', [organisationId]);
        if (!org) return { kind: 'no-organisation' };
        const area = JSON.stringify(body.area);
        type Check = { valid: boolean; area: number | null; late: boolean; long: boolean };
        const [check] = (await tx.query<Check>(
          `SELECT ST_IsValid(s::geometry) AS valid, CASE WHEN ST_IsValid(s::geometry) THEN ST_Area(s) END AS area,
                  $3::timestamptz <= st OR $3::timestamptz <= now() AS late,
                  $3::timestamptz > st + make_interval(days => ${NOTICE_DAYS_MAX}) AS long
           FROM (SELECT ${SHAPE_SQL} AS s, coalesce($2::timestamptz, now()) AS st) x`,
          [area, body.startsAt ?? null, body.endsAt],
        )) as [Check];
        if (!check.valid) return { kind: 'invalid', field: 'area', reason: 'The polygon is not valid (it crosses itself, or its ring is not closed).' };
        if ((check.area ?? 0) > MAX_AREA_M2) return { kind: 'invalid', field: 'area', reason: `The polygon is larger than a circle of ${NOTICE_RADIUS_MAX_KM} km.` };
        if (check.late) return { kind: 'invalid', field: 'endsAt', reason: 'endsAt must be after startsAt and in the future.' };
        if (check.long) return { kind: 'invalid', field: 'endsAt', reason: `A notice is in force for at most ${NOTICE_DAYS_MAX} days.` };
        const [inserted] = (await tx.query<{ id: string }>(
          `INSERT INTO notices (organisation_id, text, area, shape, starts_at, ends_at, created_by)
           VALUES ($4, $5, $1, ${SHAPE_SQL}, coalesce($2::timestamptz, now()), $3, $6)
           RETURNING id`,
          [area, body.startsAt ?? null, body.endsAt, organisationId, JSON.stringify(body.text), actor.accountId],
        )) as [{ id: string }];
        // Pushed when posted, even if it starts later: a notice for tomorrow is worth knowing today.
        const queued = await tx.query(
          `WITH matched AS (
             INSERT INTO push_pending_notices (subscription_id, notice_id)
             SELECT s.id, n.id FROM notices n
             JOIN push_subscriptions s
               -- The index finds those within the largest radius; one exact test then (radius_m is at most that).
               ON s.location && _ST_Expand(n.shape, ${PUSH_RADIUS_MAX_KM * 1000})
              AND _ST_DWithin(s.location, n.shape, s.radius_m, false)
             WHERE n.id = $1 AND NOT s.paused
             ON CONFLICT DO NOTHING
             RETURNING subscription_id
           )
           INSERT INTO push_jobs AS j (subscription_id, run_at)
           SELECT subscription_id, now() FROM matched
           ON CONFLICT (subscription_id) DO UPDATE SET run_at = least(j.run_at, excluded.run_at)
           RETURNING subscription_id`,
          [inserted.id],
        );
        await recordAudit(tx, actor, 'notice-posted', inserted.id, { organisationId, text: body.text, endsAt: body.endsAt });
        const [notice] = (await tx.query<Notice>(
          `SELECT ${NOTICE_COLUMNS} FROM notices n JOIN organisations o ON o.id = n.organisation_id WHERE n.id = $1`,
          [inserted.id],
        )) as [Notice];
        return { kind: 'posted', notice, subscriptions: queued.length };
      });
    },

    /** Removes the organisation's notice (its pushes not sent yet go with it); false when there is none. */
    async remove(organisationId: string, noticeId: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query('DELETE FROM notices WHERE id = $1 AND organisation_id = $2 RETURNING id', [noticeId, organisationId]);
        if (rows.length === 0) return false;
        await recordAudit(tx, actor, 'notice-removed', noticeId, { organisationId });
        return true;
      });
    },

    /** The organisation's notices not ended, and those ended in the last week, the latest ending first. */
    async ofOrganisation(organisationId: string): Promise<Notice[]> {
      return db.query<Notice>(
        `SELECT ${NOTICE_COLUMNS} FROM notices n JOIN organisations o ON o.id = n.organisation_id
         WHERE n.organisation_id = $1 AND n.ends_at > now() - interval '7 days'
         ORDER BY n.ends_at DESC, n.created_at DESC`,
        [organisationId],
      );
    },

    /** The notices in force now whose area meets the circle, the soonest ending first. */
    async inForce(latitude: number, longitude: number, radiusKm: number): Promise<Notice[]> {
      return db.query<Notice>(
        `SELECT ${NOTICE_COLUMNS} FROM notices n JOIN organisations o ON o.id = n.organisation_id
         WHERE n.starts_at <= now() AND n.ends_at > now()
           AND ST_DWithin(n.shape, ST_SetSRID(ST_MakePoint($2, $1), 4326)::geography, $3, false)
         ORDER BY n.ends_at, n.created_at`,
        [latitude, longitude, radiusKm * 1000],
      );
    },
  };
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
