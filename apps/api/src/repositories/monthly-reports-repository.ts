/**
 * The monthly report by e-mail (issue 37): each organisation's choice (where, in which language),
 * and the sends. A send is a row per organisation and month, inserted before any mail goes (the
 * primary key lets one insert win however many instances try), claimed with FOR UPDATE SKIP
 * LOCKED and a lease, and kept with the addresses not reached yet until they are.
 */
import type { Language } from '@wildalert/shared';
import type { Database } from '../db/database.ts';

/** How long a claimed send is left to its instance before another may take it. */
const LEASE_SECONDS = 300;

export interface MonthlyReportSetting {
  addresses: string[];
  language: Language;
}

export interface ClaimedReport {
  organisationId: string;
  name: { pl: string; en?: string; uk?: string };
  /** The month's first day, YYYY-MM-DD. */
  month: string;
  /** The addresses still to write to. */
  addresses: string[];
  language: Language;
  attempts: number;
}

export function monthlyReportsRepository(db: Database) {
  return {
    async setting(organisationId: string): Promise<MonthlyReportSetting | undefined> {
      const [row] = await db.query<MonthlyReportSetting>('SELECT addresses, language FROM monthly_report_settings WHERE organisation_id = $1', [organisationId]);
      return row;
    },

    /** `undefined`: no report for this organisation any more. */
    async setSetting(organisationId: string, setting: MonthlyReportSetting | undefined): Promise<void> {
      if (!setting) {
        await db.query('DELETE FROM monthly_report_settings WHERE organisation_id = $1', [organisationId]);
        return;
      }
      await db.query(
        `INSERT INTO monthly_report_settings (organisation_id, addresses, language) VALUES ($1, $2::text[], $3)
         ON CONFLICT (organisation_id) DO UPDATE SET addresses = excluded.addresses, language = excluded.language, updated_at = now()`,
        [organisationId, setting.addresses, setting.language],
      );
    },

    /**
     * A send of `month` for every organisation that asks for the report and has none yet: the
     * primary key keeps one per organisation and month, whichever instance inserts it first.
     */
    async queueMonth(month: string, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO monthly_report_sends (organisation_id, month, run_at)
         SELECT organisation_id, $1::date, $2::timestamptz FROM monthly_report_settings
         ON CONFLICT (organisation_id, month) DO NOTHING`,
        [month, now.toISOString()],
      );
    },

    /** Sends due at `now`, leased to this instance; each with the addresses not reached yet and the language chosen now. */
    async claimDue(now: Date, limit: number): Promise<ClaimedReport[]> {
      return db.query<ClaimedReport>(
        `UPDATE monthly_report_sends r SET locked_until = $1::timestamptz + make_interval(secs => ${LEASE_SECONDS}), attempts = r.attempts + 1
         FROM (
           SELECT organisation_id, month FROM monthly_report_sends
           WHERE done_at IS NULL AND run_at <= $1::timestamptz AND (locked_until IS NULL OR locked_until < $1::timestamptz)
           ORDER BY run_at LIMIT $2
           FOR UPDATE SKIP LOCKED
         ) due, monthly_report_settings s, organisations o
         WHERE r.organisation_id = due.organisation_id AND r.month = due.month AND s.organisation_id = r.organisation_id AND o.id = r.organisation_id
         RETURNING r.organisation_id::text AS "organisationId", o.name, to_char(r.month, 'YYYY-MM-DD') AS month,
           ARRAY(SELECT a FROM unnest(s.addresses) a WHERE NOT a = ANY (r.sent_to)) AS addresses, s.language, r.attempts`,
        [now.toISOString(), limit],
      );
    },

    /** `address` has the report. */
    async sentTo(report: ClaimedReport, address: string): Promise<void> {
      await db.query('UPDATE monthly_report_sends SET sent_to = array_append(sent_to, $3) WHERE organisation_id = $1 AND month = $2::date', [
        report.organisationId,
        report.month,
        address,
      ]);
    },

    /** Every address was written to, or the rest given up. */
    async done(report: ClaimedReport, now: Date): Promise<void> {
      await db.query('UPDATE monthly_report_sends SET done_at = $3::timestamptz, locked_until = NULL WHERE organisation_id = $1 AND month = $2::date', [
        report.organisationId,
        report.month,
        now.toISOString(),
      ]);
    },

    /** Some addresses are to be tried again at `at`. */
    async postpone(report: ClaimedReport, at: Date): Promise<void> {
      await db.query('UPDATE monthly_report_sends SET run_at = $3::timestamptz, locked_until = NULL WHERE organisation_id = $1 AND month = $2::date', [
        report.organisationId,
        report.month,
        at.toISOString(),
      ]);
    },
  };
}

export type MonthlyReportsRepository = ReturnType<typeof monthlyReportsRepository>;
