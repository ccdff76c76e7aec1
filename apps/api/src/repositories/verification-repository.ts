/**
 * The SQL of verification levels (issue 35): the automatic level (unverified or likely) kept
 * current by every write that brings evidence, a responder's confirmation, a moderator's
 * decision, and the history of every change.
 *
 * Precedence: a person's decision (confirmed, corrected, rejected) is never changed by the
 * automatic rules, which move an alert between unverified and likely only (and back, when the
 * evidence goes: its photo hidden, the vote changed). A moderator's decision replaces any level,
 * a responder's confirms an unverified or likely alert only (a moderator's correction or
 * rejection stands). Every change records the alert's `changed` event in its transaction.
 */
import { ANIMALS, TRUSTED_LEVELS, type Alert, type LatLon, type VerificationChange, type VerificationDecision } from '@wildalert/shared';
import type { Database, Queryable } from '../db/database.ts';
import { EXACT_ALERT_JSON, utc } from './alert-json.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { recordAlertEvent } from './events-repository.ts';
import { publicLocation } from './public-location.ts';

/** Another report of the same animal this near (metres, by exact points) and within its freshHours is independent evidence. */
const INDEPENDENT_REPORT_METRES = 1000;

/** The catalogue's hours per animal, as an SQL expression over an animal key. */
const freshHoursOf = (animal: string) =>
  `(SELECT f.hours FROM (VALUES ${ANIMALS.map((a) => `('${a.key}', ${a.freshHours})`).join(', ')}) AS f (key, hours) WHERE f.key = ${animal})`;

/** The shown levels for GET /Alerts' and tiles' `verification` filter: null for all. */
export function levelsOf(filter: 'likely' | 'confirmed' | undefined): string[] | null {
  if (filter === undefined) return null;
  return filter === 'likely' ? [...TRUSTED_LEVELS] : ['confirmed', 'corrected'];
}

/** Other shown, unrejected reports of `a`'s animal near it, within its fresh time, from another network: a row `o`. */
const INDEPENDENT = `o.id <> a.id AND o.animal = a.animal AND NOT o.hidden AND o.verification <> 'rejected'
  AND o.network IS DISTINCT FROM a.network
  AND o.location && _ST_Expand(a.location, ${INDEPENDENT_REPORT_METRES}) AND _ST_DWithin(o.location, a.location, ${INDEPENDENT_REPORT_METRES}, false)
  AND o.created_at BETWEEN a.created_at - make_interval(hours => ${freshHoursOf('a.animal')}) AND a.created_at + make_interval(hours => ${freshHoursOf('a.animal')})`;

/**
 * The automatic evidence for `a`, the strongest first, or NULL. A flagged report's own photo
 * does not count: whoever took a dog for a wolf photographs the dog; only another network's
 * word, or a person, lets it go.
 */
const EVIDENCE = `CASE
  WHEN a.checks = '{}' AND EXISTS (SELECT 1 FROM photos p WHERE p.alert_id = a.id AND p.hidden_at IS NULL) THEN 'photo'
  WHEN EXISTS (SELECT 1 FROM alert_votes v WHERE v.alert_id = a.id AND v.vote = 'still-there' AND v.network IS DISTINCT FROM a.network) THEN 'still-there'
  WHEN EXISTS (SELECT 1 FROM alerts o WHERE ${INDEPENDENT}) THEN 'independent-report'
END`;

/**
 * Sets the automatic level of an alert that no person decided on from its evidence now, with a
 * history row when the level changed. Answers whether anything shown changed (its caller
 * records the alert's event, as it does for the write that brought the evidence).
 */
export async function refreshLikely(tx: Queryable, alertId: string): Promise<boolean> {
  const rows = await tx.query<{ level: string; previous: string; by: string | null }>(
    `WITH e AS (SELECT a.id, a.verification AS previous, ${EVIDENCE} AS by FROM alerts a WHERE a.id = $1 AND a.verification IN ('unverified', 'likely'))
     UPDATE alerts a SET
       verification = CASE WHEN e.by IS NULL THEN 'unverified' ELSE 'likely' END,
       verification_by = e.by,
       verification_at = CASE WHEN e.by IS NULL THEN NULL WHEN e.previous = 'likely' THEN a.verification_at ELSE clock_timestamp() END
     FROM e WHERE a.id = e.id AND a.verification_by IS DISTINCT FROM e.by
     RETURNING a.verification AS level, e.previous, e.by`,
    [alertId],
  );
  const changed = rows[0];
  if (!changed) return false;
  if (changed.level !== changed.previous) {
    await tx.query(`INSERT INTO verification_changes (alert_id, level, previous_level, by) VALUES ($1, $2, $3, $4)`, [
      alertId,
      changed.level,
      changed.previous,
      changed.by ?? 'automatic',
    ]);
  }
  return true;
}

/**
 * A new alert and the reports it corroborates: its own level, and that of each earlier report
 * of the same animal nearby from another network (each recording its `changed` event).
 */
export async function corroborate(tx: Queryable, alertId: string): Promise<void> {
  await refreshLikely(tx, alertId);
  const others = await tx.query<{ id: string }>(`SELECT o.id FROM alerts a JOIN alerts o ON ${INDEPENDENT} WHERE a.id = $1`, [alertId]);
  for (const { id } of others) if (await refreshLikely(tx, id)) await recordAlertEvent(tx, id, 'changed');
}

/**
 * A responder's step that says the animal is (or was) there: an unverified or likely alert is
 * confirmed by the organisation. A person's earlier decision stands.
 */
export async function confirmByOrganisation(tx: Queryable, alertId: string, organisationId: string, accountId: string | null): Promise<void> {
  const rows = await tx.query<{ previous: string }>(
    `UPDATE alerts a SET verification = 'confirmed', verification_by = 'organisation', verification_organisation = $2,
       -- At the step's own time: the official status and the confirmation say one moment.
       verification_at = (SELECT i.status_at FROM inbox_entries i WHERE i.organisation_id = $2 AND i.alert_id = $1),
       verification_reason = NULL, verification_note = NULL
     FROM (SELECT verification AS previous FROM alerts WHERE id = $1) b
     WHERE a.id = $1 AND a.verification IN ('unverified', 'likely')
     RETURNING b.previous`,
    [alertId, organisationId],
  );
  if (!rows[0]) return;
  await tx.query(
    `INSERT INTO verification_changes (alert_id, level, previous_level, by, organisation_id, account_id) VALUES ($1, 'confirmed', $2, 'organisation', $3, $4)`,
    [alertId, rows[0].previous, organisationId, accountId],
  );
}

/** The correction is no correction: the alert already shows that animal (400). */
export class SameAnimalError extends Error {}

export function verificationRepository(db: Database) {
  return {
    /**
     * A moderator's decision, whatever the level was: confirmed, corrected (the animal changes,
     * and its published point with it when its sensitivity does) or rejected. The alert at its
     * exact point, or undefined when there is no such shown alert. Throws SameAnimalError.
     */
    decide(alertId: string, decision: VerificationDecision, actor: Actor): Promise<Alert | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx.query<{ animal: string; level: string; latitude: number; longitude: number; corrected_from: string | null }>(
          `SELECT animal, verification AS level, corrected_from, ST_Y(location::geometry) AS latitude, ST_X(location::geometry) AS longitude
           FROM alerts WHERE id = $1 AND NOT hidden FOR UPDATE`,
          [alertId],
        );
        if (!current) return undefined;
        let movedFrom: LatLon | undefined;
        if (decision.level === 'corrected') {
          if (decision.animal === current.animal) throw new SameAnimalError();
          // Into or out of a sensitive species, its published point changes (coarsened or not).
          const published = publicLocation(current, decision.animal);
          const [old] = await tx.query<LatLon & { moved: boolean }>(
            `WITH old AS (SELECT public_location FROM alerts WHERE id = $1)
             UPDATE alerts a SET animal = $2, corrected_from = coalesce(a.corrected_from, a.animal),
               public_location = ST_SetSRID(ST_MakePoint($3::float8, $4::float8), 4326)::geography
             FROM old WHERE a.id = $1
             RETURNING NOT ST_Equals(old.public_location::geometry, a.public_location::geometry) AS moved,
                       ST_Y(old.public_location::geometry) AS latitude, ST_X(old.public_location::geometry) AS longitude`,
            [alertId, decision.animal, published.longitude, published.latitude],
          );
          if (old?.moved) movedFrom = { latitude: old.latitude, longitude: old.longitude };
        }
        const reason = decision.level === 'rejected' ? decision.reason : null;
        const note = decision.level === 'confirmed' ? null : (decision.note ?? null);
        await tx.query(
          `UPDATE alerts SET verification = $2, verification_by = 'moderator', verification_organisation = NULL,
             verification_at = clock_timestamp(), verification_reason = $3, verification_note = $4,
             corrected_from = CASE WHEN $2 = 'corrected' THEN corrected_from END
           WHERE id = $1`,
          [alertId, decision.level, reason, note],
        );
        await tx.query(
          `INSERT INTO verification_changes (alert_id, level, previous_level, by, account_id, animal_from, animal_to, reason, note)
           VALUES ($1, $2, $3, 'moderator', $4, $5, $6, $7, $8)`,
          [
            alertId,
            decision.level,
            current.level,
            actor.accountId,
            decision.level === 'corrected' ? current.animal : null,
            decision.level === 'corrected' ? decision.animal : null,
            reason,
            note,
          ],
        );
        await recordAudit(tx, actor, 'alert-verification-set', alertId, { level: decision.level, ...(decision.level === 'corrected' ? { animal: decision.animal } : {}) });
        await recordAlertEvent(tx, alertId, 'changed', movedFrom);
        const [row] = await tx.query<{ alert: Alert }>(`SELECT ${EXACT_ALERT_JSON} AS alert FROM alerts a WHERE a.id = $1`, [alertId]);
        return row!.alert;
      });
    },

    /** Every change of the alert's level, oldest first; undefined when there is no such alert (shown or hidden). */
    async history(alertId: string): Promise<VerificationChange[] | undefined> {
      const [exists] = await db.query('SELECT 1 FROM alerts WHERE id = $1', [alertId]);
      if (!exists) return undefined;
      return db.query<VerificationChange>(
        `SELECT level, previous_level AS "previousLevel", by, organisation_id AS "organisationId", account_id AS "accountId",
                animal_from AS "animalFrom", animal_to AS "animalTo", reason, note, ${utc('at')} AS at
         FROM verification_changes WHERE alert_id = $1 ORDER BY id`,
        [alertId],
      );
    },
  };
}

export type VerificationRepository = ReturnType<typeof verificationRepository>;
