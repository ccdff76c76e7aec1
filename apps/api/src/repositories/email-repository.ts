/** The SQL of area alerts by e-mail: subscriptions, their confirmation, matching new alerts, and the mail queue. */
import { createHash, randomBytes } from 'node:crypto';
import { PUSH_COALESCE_MINUTES, type EmailFrequency, type EmailSubscriptionBody, type EmailSubscriptionInfo, type Language } from '@wildalert/shared';
import type { Database, Queryable } from '../db/database.ts';
import { utc } from './alert-json.ts';

/** The largest radius a subscription may have, in metres: the index condition of matching. */
const MAX_RADIUS_M = 10_000;
/** Events read per matching step. */
const MATCH_BATCH = 1000;
/** How long a claimed job is this instance's; after it (a crash) another instance may send it. */
const LEASE_SECONDS = 120;
/** How long a confirmation link works; an unconfirmed subscription is deleted after it. */
const CONFIRM_HOURS = 48;
/** The most alerts one digest lists; the rest are counted ("and 12 more"). */
const DIGEST_MAX_ALERTS = 100;

/**
 * Between two mails of a subscription, by frequency (SQL): an instant alert coalesces as a push
 * notification does; a digest is the frequency itself.
 */
const INTERVAL = `CASE s.frequency WHEN 'instant' THEN make_interval(mins => ${PUSH_COALESCE_MINUTES})
  WHEN 'hourly' THEN interval '1 hour' ELSE interval '1 day' END`;
/** How long a digest collects after its first alert (an instant alert: not at all). */
const COLLECT = `CASE s.frequency WHEN 'instant' THEN interval '0' WHEN 'hourly' THEN interval '1 hour' ELSE interval '1 day' END`;

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface SubscriptionRow {
  id: string;
  address: string;
  latitude: number;
  longitude: number;
  radius_m: number;
  animals: string[] | null;
  frequency: EmailFrequency;
  reports: EmailSubscriptionInfo['reports'];
  language: Language;
  unsubscribe_token: string;
  confirmed_at: string | null;
  expires_at: string | null;
}

const SUBSCRIPTION_COLUMNS = `s.id::text, s.address, ST_Y(s.location::geometry) AS latitude, ST_X(s.location::geometry) AS longitude,
  s.radius_m, s.animals, s.frequency, s.reports, s.language, s.unsubscribe_token,
  CASE WHEN s.confirmed_at IS NOT NULL THEN ${utc('s.confirmed_at')} END AS confirmed_at,
  CASE WHEN s.expires_at IS NOT NULL THEN ${utc('s.expires_at')} END AS expires_at`;

/** An alert as a digest tells of it. */
export interface MailedAlert {
  id: string;
  animal: string;
  comments: string;
  createdAt: string;
  /** Its published point (a sensitive species' cell). */
  latitude: number;
  longitude: number;
  /** From the subscribed point to the published point. */
  distanceMetres: number;
}

/** The subscription a mail goes to, as the mail needs it. */
export interface MailedSubscription {
  id: string;
  address: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  frequency: EmailFrequency;
  language: Language;
  unsubscribeToken: string;
}

export type ClaimedMail =
  | { kind: 'confirm'; attempts: number; subscription: MailedSubscription; token: string; expiresAt: Date }
  | { kind: 'digest'; attempts: number; subscription: MailedSubscription; alerts: MailedAlert[]; more: number };

export type SubscribeResult = { kind: 'queued'; expiresAt: string } | { kind: 'suppressed' };

export interface SubscriptionOrigin {
  network: string;
}

const toMailed = (row: SubscriptionRow): MailedSubscription => ({
  id: row.id,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  radiusKm: row.radius_m / 1000,
  frequency: row.frequency,
  language: row.language,
  unsubscribeToken: row.unsubscribe_token,
});

export function emailRepository(db: Database) {
  return {
    /**
     * A new, unconfirmed subscription and its confirmation mail, queued together; refused when
     * the address bounced or complained before (email_suppressions).
     */
    async subscribe(body: EmailSubscriptionBody, language: Language, origin: SubscriptionOrigin): Promise<SubscribeResult> {
      const token = newToken();
      return db.transaction(async (tx) => {
        const [suppressed] = await tx.query('SELECT 1 FROM email_suppressions WHERE address = lower($1)', [body.address]);
        if (suppressed) return { kind: 'suppressed' };
        const [row] = (await tx.query<{ id: string; expires_at: string }>(
          `INSERT INTO email_subscriptions (address, location, radius_m, animals, frequency, language, confirm_token_hash, unsubscribe_token, network, reports, expires_at)
           VALUES ($1, ST_SetSRID(ST_MakePoint($3, $2), 4326)::geography, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(hours => ${CONFIRM_HOURS}))
           RETURNING id::text, ${utc('expires_at')} AS expires_at`,
          [
            body.address,
            body.latitude,
            body.longitude,
            Math.round(body.radius * 1000),
            body.animals ?? null,
            body.frequency,
            language,
            hashOf(token),
            newToken(),
            origin.network,
            body.reports ?? 'every',
          ],
        )) as [{ id: string; expires_at: string }];
        await tx.query(`INSERT INTO email_jobs (subscription_id, kind, token) VALUES ($1, 'confirm', $2)`, [row.id, token]);
        return { kind: 'queued', expiresAt: row.expires_at };
      });
    },

    /** Confirms the subscription whose link carries `token`: once, and before it expires. */
    async confirm(token: string): Promise<EmailSubscriptionInfo | undefined> {
      const rows = await db.query<SubscriptionRow>(
        `UPDATE email_subscriptions s SET confirmed_at = now(), confirm_token_hash = NULL, expires_at = NULL
         WHERE confirm_token_hash = $1 AND expires_at > now()
         RETURNING ${SUBSCRIPTION_COLUMNS}`,
        [hashOf(token)],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        address: row.address,
        latitude: row.latitude,
        longitude: row.longitude,
        radius: row.radius_m / 1000,
        animals: row.animals,
        frequency: row.frequency,
        reports: row.reports,
        language: row.language,
        confirmedAt: row.confirmed_at!,
      };
    },

    /** Ends the subscription whose mails carry `token`, with everything queued for it. Whether there was one. */
    async unsubscribe(token: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM email_subscriptions WHERE unsubscribe_token = $1 RETURNING id', [token]);
      return rows.length > 0;
    },

    /**
     * No more mail to `address`: it bounced for good or its reader complained. Its subscriptions
     * go, and it is kept so that no new one is made. Answers how many subscriptions went.
     */
    async suppress(address: string, reason: 'bounce' | 'complaint'): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO email_suppressions (address, reason) VALUES (lower($1), $2)
           ON CONFLICT (address) DO UPDATE SET reason = excluded.reason, created_at = now()`,
          [address, reason],
        );
        const gone = await tx.query('DELETE FROM email_subscriptions WHERE lower(address) = lower($1) RETURNING id', [address]);
        return gone.length;
      });
    },

    /** Deletes the subscriptions never confirmed in time. */
    async expireUnconfirmed(): Promise<void> {
      await db.query('DELETE FROM email_subscriptions WHERE expires_at < now()');
    },

    /**
     * Matches the alert events not matched yet to the confirmed subscriptions around them, and
     * queues each subscription's digest for when its frequency allows. Only the instance holding
     * the cursor's row lock matches, so each event is matched once.
     */
    async matchNewEvents(): Promise<void> {
      for (;;) {
        const more = await db.transaction(async (tx) => {
          const cursor = await tx.query<{ last: string }>('SELECT last_event_id::text AS last FROM email_cursor FOR UPDATE SKIP LOCKED');
          if (!cursor[0]) return false;
          const events = await tx.query<{ id: string }>('SELECT id::text FROM alert_events WHERE id > $1 ORDER BY id LIMIT $2', [
            cursor[0].last,
            MATCH_BATCH,
          ]);
          if (events.length === 0) return false;
          const last = events.at(-1)!.id;
          // At an alert's published point: a sensitive species is matched at its cell.
          await tx.query(
            `WITH matched AS (
               INSERT INTO email_pending (subscription_id, alert_id)
               SELECT s.id, a.id
               FROM alert_events e
               JOIN alerts a ON a.id = e.alert_id AND NOT a.hidden
               JOIN email_subscriptions s
                 ON s.confirmed_at IS NOT NULL
                AND s.location && _ST_Expand(a.public_location, ${MAX_RADIUS_M})
                AND _ST_DWithin(s.location, a.public_location, s.radius_m, false)
               WHERE e.id > $1 AND e.id <= $2 AND e.audiences <> '{}'
                 -- Released by this event to the subscription's audience (issue 35): every report, or likely and confirmed only.
                 AND (CASE s.reports WHEN 'likely-and-confirmed' THEN 'trusted' ELSE 'every' END) = ANY (e.audiences)
                 AND (s.animals IS NULL OR a.animal = ANY (s.animals))
               ON CONFLICT DO NOTHING
               RETURNING subscription_id
             )
             INSERT INTO email_jobs (subscription_id, kind, run_at)
             SELECT s.id, 'digest', greatest(now() + ${COLLECT}, s.last_sent_at + ${INTERVAL})
             FROM email_subscriptions s WHERE s.id IN (SELECT subscription_id FROM matched)
             ON CONFLICT DO NOTHING`,
            [cursor[0].last, last],
          );
          await tx.query('UPDATE email_cursor SET last_event_id = $1', [last]);
          return events.length === MATCH_BATCH;
        });
        if (!more) return;
      }
    },

    /** Claims up to `limit` due mails for this instance (a lease), with what each is to say. */
    async claimDue(limit: number): Promise<ClaimedMail[]> {
      const jobs = await db.query<{ id: string; kind: 'confirm' | 'digest'; token: string | null; attempts: number }>(
        `UPDATE email_jobs j SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = j.attempts + 1
         FROM (
           SELECT subscription_id, kind FROM email_jobs
           WHERE run_at <= now() AND (locked_until IS NULL OR locked_until < now())
           ORDER BY run_at LIMIT $1
           FOR UPDATE SKIP LOCKED
         ) due
         WHERE j.subscription_id = due.subscription_id AND j.kind = due.kind
         RETURNING j.subscription_id::text AS id, j.kind, j.token, j.attempts`,
        [limit],
      );
      if (jobs.length === 0) return [];
      const ids = jobs.map((j) => j.id);
      const subscriptions = await db.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM email_subscriptions s WHERE s.id = ANY ($1::bigint[])`, [ids]);
      const digestIds = jobs.filter((j) => j.kind === 'digest').map((j) => j.id);
      const alerts =
        digestIds.length === 0
          ? []
          : await db.query<MailedAlert & { subscriptionId: string }>(
              `SELECT p.subscription_id::text AS "subscriptionId", a.id, a.animal, a.comments, ${utc('a.created_at')} AS "createdAt",
                      ST_Y(a.public_location::geometry) AS latitude, ST_X(a.public_location::geometry) AS longitude,
                      ST_Distance(s.location, a.public_location, false) AS "distanceMetres"
               FROM email_pending p
               JOIN alerts a ON a.id = p.alert_id AND NOT a.hidden
               JOIN email_subscriptions s ON s.id = p.subscription_id
               WHERE p.subscription_id = ANY ($1::bigint[])
               ORDER BY a.created_at DESC, a.seq DESC`,
              [digestIds],
            );
      const byId = new Map(subscriptions.map((s) => [s.id, s]));
      const alertsOf = new Map<string, MailedAlert[]>();
      for (const { subscriptionId, ...alert } of alerts) alertsOf.set(subscriptionId, [...(alertsOf.get(subscriptionId) ?? []), alert]);
      const claimed: ClaimedMail[] = [];
      for (const job of jobs) {
        const row = byId.get(job.id);
        if (!row) continue; // unsubscribed meanwhile: the job went with it
        const subscription = toMailed(row);
        if (job.kind === 'confirm') {
          // Confirmed meanwhile (the token was sent before, then the mail retried): nothing to say.
          if (row.expires_at === null) await db.query(`DELETE FROM email_jobs WHERE subscription_id = $1 AND kind = 'confirm'`, [job.id]);
          else claimed.push({ kind: 'confirm', attempts: job.attempts, subscription, token: job.token!, expiresAt: new Date(row.expires_at) });
        } else {
          const all = alertsOf.get(job.id) ?? [];
          claimed.push({ kind: 'digest', attempts: job.attempts, subscription, alerts: all.slice(0, DIGEST_MAX_ALERTS), more: Math.max(0, all.length - DIGEST_MAX_ALERTS) });
        }
      }
      return claimed;
    },

    /**
     * The relay took the mail. A confirmation is done (its token leaves the queue); a digest's
     * alerts are done, and what matched meanwhile waits out the frequency as the next digest.
     */
    async sent(mail: ClaimedMail): Promise<void> {
      const id = mail.subscription.id;
      if (mail.kind === 'confirm') {
        await db.query(`DELETE FROM email_jobs WHERE subscription_id = $1 AND kind = 'confirm'`, [id]);
        return;
      }
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM email_pending WHERE subscription_id = $1 AND alert_id = ANY ($2::uuid[])', [id, mail.alerts.map((a) => a.id)]);
        await tx.query('UPDATE email_subscriptions SET last_sent_at = now() WHERE id = $1', [id]);
        await nextDigest(tx, id);
      });
    },

    /** Nothing to send (its alerts were hidden meanwhile): the job goes, unless more matched since. */
    async nothingToSend(mail: ClaimedMail): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(
          'DELETE FROM email_pending p USING alerts a WHERE p.subscription_id = $1 AND a.id = p.alert_id AND a.hidden',
          [mail.subscription.id],
        );
        await nextDigest(tx, mail.subscription.id);
      });
    },

    /** Try again at `runAt` (the relay failed for now). */
    async postpone(mail: ClaimedMail, runAt: Date): Promise<void> {
      await db.query('UPDATE email_jobs SET run_at = $3, locked_until = NULL WHERE subscription_id = $1 AND kind = $2', [
        mail.subscription.id,
        mail.kind,
        runAt.toISOString(),
      ]);
    },

    /** Given up (the relay refused the message itself, or too many attempts): the job and what it carried go. */
    async giveUp(mail: ClaimedMail): Promise<void> {
      await db.transaction(async (tx) => {
        if (mail.kind === 'digest') {
          await tx.query('DELETE FROM email_pending WHERE subscription_id = $1 AND alert_id = ANY ($2::uuid[])', [
            mail.subscription.id,
            mail.alerts.map((a) => a.id),
          ]);
        }
        await tx.query('DELETE FROM email_jobs WHERE subscription_id = $1 AND kind = $2', [mail.subscription.id, mail.kind]);
      });
    },
  };
}

/** After a digest: the next one when its frequency allows, if anything is waiting; else no job. */
async function nextDigest(tx: Queryable, subscriptionId: string): Promise<void> {
  await tx.query(
    `UPDATE email_jobs j SET run_at = greatest(now(), s.last_sent_at + ${INTERVAL}), attempts = 0, locked_until = NULL
     FROM email_subscriptions s WHERE s.id = j.subscription_id AND j.subscription_id = $1 AND j.kind = 'digest'`,
    [subscriptionId],
  );
  await tx.query(
    `DELETE FROM email_jobs j WHERE j.subscription_id = $1 AND j.kind = 'digest'
       AND NOT EXISTS (SELECT 1 FROM email_pending p WHERE p.subscription_id = j.subscription_id)`,
    [subscriptionId],
  );
}

export type EmailRepository = ReturnType<typeof emailRepository>;
