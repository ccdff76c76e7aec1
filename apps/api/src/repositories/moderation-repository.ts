/** The SQL for moderation: abuse reports, hiding and restoring alerts, the moderator's exact view. */
import type { Alert, PlausibilityCheck, Report } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { EXACT_ALERT_JSON, jsonObject, utc } from './alert-json.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { recordAlertEvent } from './events-repository.ts';

/** Reports from this many networks hide an alert until a moderator reviews it. */
export const REPORTS_TO_HIDE = 3;

/**
 * Automatic hides a network may take part in per day. Beyond that its reports only queue
 * for a moderator: a few colluding networks cannot empty an area's map.
 */
export const HIDES_PER_NETWORK_PER_DAY = 3;

/** Any number, the same in every instance: orders the automatic hides, so budgets hold. */
const AUTOMATIC_HIDES_LOCK = 4_886_063_926;

const REPORT_JSON = jsonObject({ alertId: 'r.alert_id', reason: 'r.reason', reportedAt: utc('r.reported_at') });

/** A report is open until a moderator decides on its alert. */
const OPEN = `r.reported_at > coalesce(a.reviewed_at, '-infinity')`;

export interface ReportResult {
  report: Report;
  /** False when this network had already reported the alert: nothing new was stored. */
  created: boolean;
  /** True when this report hid the alert. */
  hidden: boolean;
}

export interface ReportedAlert {
  alert: Alert;
  hidden: boolean;
  hiddenBy: 'moderator' | 'reports' | null;
  hiddenAt: string | null;
  /** Open reports, newest first. */
  reports: Array<{ reason: string; reportedAt: string }>;
  /** The plausibility checks it failed (issue 35). */
  checks: PlausibilityCheck[];
}

/** A reviewed alert's columns of a ReportedAlert (but its reports), from a row `a` of `alerts`. */
const REVIEWED_ALERT_COLUMNS = `${EXACT_ALERT_JSON} AS alert,
                a.hidden AS hidden,
                a.hidden_by AS "hiddenBy",
                CASE WHEN a.hidden_at IS NULL THEN NULL ELSE ${utc('a.hidden_at')} END AS "hiddenAt"`;

/** One report as the moderator's lists show it (its alert beside it), from a row `r` of `alert_reports`. */
const LISTED_REPORT_JSON = jsonObject({ reason: 'r.reason', reportedAt: utc('r.reported_at') });

export function moderationRepository(db: Database) {
  return {
    /**
     * Records a report of a visible alert from `network` (see clientNetwork), once per
     * network. An alert no moderator has reviewed is hidden by the report that makes
     * REPORTS_TO_HIDE networks with budget left (fewer than HIDES_PER_NETWORK_PER_DAY automatic
     * hides in the last 24 h); other reports only queue it for a moderator. Undefined when
     * there is no such visible alert.
     */
    report(alertId: string, network: string, reason: string): Promise<ReportResult | undefined> {
      return db.transaction(async (tx) => {
        // The row lock orders concurrent reports of one alert, so exactly one of them
        // counts the third and hides it.
        const visible = await tx.query<{ reviewed: boolean }>(
          `SELECT reviewed_at IS NOT NULL AS reviewed FROM alerts WHERE id = $1 AND NOT hidden FOR UPDATE`,
          [alertId],
        );
        if (!visible[0]) return undefined;
        const inserted = await tx.query<{ report: Report }>(
          `INSERT INTO alert_reports AS r (alert_id, network, reason) VALUES ($1, $2, $3)
           ON CONFLICT (alert_id, network) DO NOTHING
           RETURNING ${REPORT_JSON} AS report`,
          [alertId, network, reason],
        );
        if (inserted.length === 0) {
          // Counted already. Answered with this caller's own reason: the stored one may be a
          // neighbour's words (same network), not theirs to read.
          const rows = await tx.query<{ reportedAt: string }>(
            `SELECT ${utc('r.reported_at')} AS "reportedAt" FROM alert_reports r WHERE r.alert_id = $1 AND r.network = $2`,
            [alertId, network],
          );
          return { report: { alertId, reason, reportedAt: rows[0]!.reportedAt }, created: false, hidden: false };
        }
        const report = inserted[0]!.report;
        // A moderator's decision stands: later reports only queue the alert for another look.
        if (visible[0].reviewed) return { report, created: true, hidden: false };
        // Unreviewed, every report of the alert is open.
        const reports = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_reports WHERE alert_id = $1`, [alertId]);
        if (reports[0]!.n < REPORTS_TO_HIDE) return { report, created: true, hidden: false };
        // Reports of different alerts spend the same networks' budgets: one automatic hide
        // at a time, each reading the budgets the previous ones committed.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [AUTOMATIC_HIDES_LOCK]);
        const hidden = await tx.query(
          `WITH counted AS (
             SELECT r.network FROM alert_reports r
             WHERE r.alert_id = $1
               AND (SELECT count(*) FROM alert_reports h
                    WHERE h.network = r.network AND h.hid_at > clock_timestamp() - interval '24 hours') < $3
           ),
           hidden AS (
             UPDATE alerts a SET hidden = true, hidden_at = clock_timestamp(), hidden_by = 'reports'
             WHERE a.id = $1 AND (SELECT count(*) FROM counted) >= $2
             RETURNING a.id, a.hidden_at
           ),
           spent AS (
             UPDATE alert_reports r SET hid_at = hidden.hidden_at
             FROM hidden
             WHERE r.alert_id = hidden.id AND r.network IN (SELECT network FROM counted)
           )
           INSERT INTO moderation_log (alert_id, action) SELECT id, 'hidden-by-reports' FROM hidden
           RETURNING alert_id`,
          [alertId, REPORTS_TO_HIDE, HIDES_PER_NETWORK_PER_DAY],
        );
        if (hidden.length === 0) return { report, created: true, hidden: false };
        // Open live maps take the marker away.
        await recordAlertEvent(tx, alertId, 'removed');
        return { report, created: true, hidden: true };
      });
    },

    /** Hides an alert (kept for audit) and closes its reports. False when there is no such alert. */
    hide(alertId: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const before = await tx.query<{ hidden: boolean }>(`SELECT hidden FROM alerts WHERE id = $1 FOR UPDATE`, [alertId]);
        const rows = await tx.query(
          `UPDATE alerts
           SET hidden = true,
               hidden_at = CASE WHEN hidden_by = 'moderator' THEN hidden_at ELSE clock_timestamp() END,
               hidden_by = 'moderator',
               reviewed_at = clock_timestamp()
           WHERE id = $1
           RETURNING id`,
          [alertId],
        );
        if (rows.length === 0) return false;
        await tx.query(`INSERT INTO moderation_log (alert_id, action) VALUES ($1, 'hidden-by-moderator')`, [alertId]);
        await recordAudit(tx, actor, 'alert-hidden', alertId);
        if (before[0]?.hidden === false) await recordAlertEvent(tx, alertId, 'removed');
        return true;
      });
    },

    /**
     * Shows an alert again and closes its reports; reviewed, it is never hidden by reports
     * again. Undefined when there is no such alert.
     */
    restore(alertId: string, actor: Actor): Promise<Alert | undefined> {
      return db.transaction(async (tx) => {
        const before = await tx.query<{ hidden: boolean }>(`SELECT hidden FROM alerts WHERE id = $1 FOR UPDATE`, [alertId]);
        const rows = await tx.query<{ alert: Alert }>(
          `UPDATE alerts a
           SET hidden = false, hidden_at = NULL, hidden_by = NULL, reviewed_at = clock_timestamp()
           WHERE a.id = $1
           RETURNING ${EXACT_ALERT_JSON} AS alert`,
          [alertId],
        );
        if (rows.length === 0) return undefined;
        await tx.query(`INSERT INTO moderation_log (alert_id, action) VALUES ($1, 'restored')`, [alertId]);
        await recordAudit(tx, actor, 'alert-restored', alertId);
        // Open live maps show it again.
        if (before[0]?.hidden === true) await recordAlertEvent(tx, alertId, 'added');
        return rows[0]!.alert;
      });
    },

    /** A visible alert at its exact point, for the moderator. */
    async exactById(alertId: string): Promise<Alert | undefined> {
      const rows = await db.query<{ alert: Alert }>(
        `SELECT ${EXACT_ALERT_JSON} AS alert FROM alerts a WHERE a.id = $1 AND NOT a.hidden`,
        [alertId],
      );
      return rows[0]?.alert;
    },

    /**
     * Alerts with open reports, hidden or not, awaiting a moderator's decision: hidden ones
     * first, then the most recently reported. At most `limit` (+1 to tell whether more wait).
     */
    async reported(limit: number): Promise<ReportedAlert[]> {
      // With them, shown alerts that failed a plausibility check and no person decided on yet (issue 35).
      return db.query<ReportedAlert>(
        `SELECT ${REVIEWED_ALERT_COLUMNS},
                coalesce(o.reports, '[]'::json) AS reports,
                a.checks AS checks
         FROM (
           SELECT coalesce(r.alert_id, f.id) AS alert_id, r.reports, greatest(r.last_reported_at, f.created_at) AS waiting_since
           FROM (
             SELECT r.alert_id,
                    json_agg(${LISTED_REPORT_JSON}
                             ORDER BY r.reported_at DESC) AS reports,
                    max(r.reported_at) AS last_reported_at
             FROM alert_reports r JOIN alerts a ON a.id = r.alert_id
             WHERE ${OPEN}
             GROUP BY r.alert_id
           ) r
           FULL JOIN (
             SELECT a.id, a.created_at FROM alerts a
             WHERE a.checks <> '{}' AND a.verification IN ('unverified', 'likely') AND NOT a.hidden
             ORDER BY a.created_at DESC LIMIT $1
           ) f ON f.id = r.alert_id
         ) o
         JOIN alerts a ON a.id = o.alert_id
         ORDER BY a.hidden DESC, o.waiting_since DESC
         LIMIT $1`,
        [limit + 1],
      );
    },

    /**
     * Hidden alerts, the most recently hidden first, with every report they had (newest first),
     * for a moderator who may restore them. At most `limit` (+1 to tell whether more wait).
     */
    async hidden(limit: number): Promise<ReportedAlert[]> {
      return db.query<ReportedAlert>(
        `SELECT ${REVIEWED_ALERT_COLUMNS},
                coalesce((SELECT json_agg(${LISTED_REPORT_JSON} ORDER BY r.reported_at DESC)
                          FROM alert_reports r WHERE r.alert_id = a.id), '[]'::json) AS reports,
                a.checks AS checks
         FROM alerts a
         WHERE a.hidden
         ORDER BY a.hidden_at DESC NULLS LAST, a.id
         LIMIT $1`,
        [limit + 1],
      );
    },

    /** Whether a stored copy belongs to a photo the moderator may look at: one not hidden by itself, of any alert, hidden or not. */
    async photoCopyExists(key: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM photos p WHERE (p.thumbnail_key = $1 OR p.large_key = $1) AND p.hidden_at IS NULL LIMIT 1`,
        [key],
      );
      return rows.length > 0;
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
