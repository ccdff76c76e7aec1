/** The SQL of web push: subscriptions, matching new alerts to them, and the delivery queue. */
import type { FollowBody, Language, Names, OfficialStatus, PushSubscriptionBody, PushSubscriptionInfo, QuietHours } from '@wildalert/shared';
import type { Database, Queryable } from '../db/database.ts';
import { OFFICIAL_STATUS_JSON, utc } from './alert-json.ts';

/** The largest radius a subscription may have, in metres: the index condition of matching. */
const MAX_RADIUS_M = 10_000;
/** Events read per matching step. */
const MATCH_BATCH = 1000;
/** How long a claimed job is this instance's; after it (a crash) another instance may send it. */
const LEASE_SECONDS = 120;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

interface SubscriptionRow {
  endpoint: string;
  latitude: number;
  longitude: number;
  radius_m: number;
  animals: string[] | null;
  paused: boolean;
  reports: PushSubscriptionInfo['reports'];
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string | null;
  language: Language;
  created_at: string;
  updated_at: string;
  last_notified_at: string | null;
}

const SUBSCRIPTION_COLUMNS = `endpoint, ST_Y(location::geometry) AS latitude, ST_X(location::geometry) AS longitude,
  radius_m, animals, paused, reports, quiet_start, quiet_end, time_zone, language,
  ${utc('created_at')} AS created_at, ${utc('updated_at')} AS updated_at,
  CASE WHEN last_notified_at IS NOT NULL THEN ${utc('last_notified_at')} END AS last_notified_at`;

function toInfo(row: SubscriptionRow): PushSubscriptionInfo {
  return {
    endpoint: row.endpoint,
    latitude: row.latitude,
    longitude: row.longitude,
    radius: row.radius_m / 1000,
    animals: row.animals,
    paused: row.paused,
    reports: row.reports,
    quietHours:
      row.quiet_start === null || row.quiet_end === null || row.time_zone === null
        ? null
        : { start: toHhmm(row.quiet_start), end: toHhmm(row.quiet_end), timeZone: row.time_zone },
    language: row.language,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastNotifiedAt: row.last_notified_at,
  };
}

/** A job claimed for sending: the subscription and what it is to be told. */
/** An alert as a notification tells of it. */
export interface NotifiedAlert {
  id: string;
  animal: string;
  comments: string;
  /** From the subscribed point to the alert's published point (a sensitive species' cell). */
  distanceMetres: number;
}

/** An official notice as a notification tells of it. */
export interface NotifiedNotice {
  id: string;
  organisation: Names;
  text: Partial<Record<Language, string>>;
  startsAt: string;
  endsAt: string;
  /** Its area's centre: where the link opens the map. */
  latitude: number;
  longitude: number;
}

export interface ClaimedJob {
  subscriptionId: string;
  attempts: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  paused: boolean;
  quietHours: QuietHours | null;
  /** The language of its notifications. */
  language: Language;
  /** Not hidden, newest first. */
  alerts: NotifiedAlert[];
  /** Official notices not ended, newest first: told of before the alerts (issue 33). */
  notices: NotifiedNotice[];
  /** Followed alerts with an official status not told yet, the latest step first (issue 33). */
  statuses: NotifiedStatus[];
}

/** A followed alert's official status as a notification tells of it (read when sent: the latest step). */
export interface NotifiedStatus {
  alertId: string;
  animal: string;
  status: NonNullable<OfficialStatus>;
}

export type FollowResult = 'following' | 'not-yours' | 'network-full' | 'host-full';

export type UpsertResult =
  | { kind: 'created' | 'updated'; subscription: PushSubscriptionInfo }
  | { kind: 'not-yours' }
  /** The network, or the push service's host, holds as many subscriptions as it may. */
  | { kind: 'network-full' }
  | { kind: 'host-full' };

/** Where a new subscription comes from: the client's network (IPv4 /24, IPv6 /48) and its push service's host. */
export interface SubscriptionOrigin {
  network: string;
  host: string;
}

/** How many subscriptions one network may hold, and one push service's host (none: no limit). */
export interface SubscriptionLimits {
  perNetwork: number;
  perHost: number | undefined;
}

export function pushRepository(db: Database) {
  return {
    /** The stored VAPID key pair, made now (by whichever instance comes first) when there is none. */
    async vapidKeys(make: () => { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }> {
      const existing = await db.query<{ publicKey: string; privateKey: string }>(
        'SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_vapid_keys',
      );
      if (existing[0]) return existing[0];
      const made = make();
      await db.query('INSERT INTO push_vapid_keys (public_key, private_key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        made.publicKey,
        made.privateKey,
      ]);
      const rows = await db.query<{ publicKey: string; privateKey: string }>(
        'SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_vapid_keys',
      );
      return rows[0]!;
    },

    /**
     * Creates the subscription, or changes it when its endpoint is known with the same auth
     * secret. A new one is refused when its network already holds `limits.perNetwork`
     * subscriptions, or its push service's host `limits.perHost` (when given); the counts are
     * taken under a lock per network and host, so subscriptions made at once cannot overshoot.
     */
    async upsert(body: PushSubscriptionBody, language: Language, origin: SubscriptionOrigin, limits: SubscriptionLimits): Promise<UpsertResult> {
      const q = body.quietHours ?? null;
      return db.transaction(async (tx) => {
        const [known] = await tx.query<{ auth: string }>('SELECT auth FROM push_subscriptions WHERE endpoint = $1', [body.endpoint]);
        if (known && known.auth !== body.keys.auth) return { kind: 'not-yours' };
        if (!known) {
          const full = await fullFor(tx, origin, limits);
          if (full) return { kind: full };
        }
        const rows = await tx.query<SubscriptionRow & { created: boolean }>(
          `WITH upserted AS (
             INSERT INTO push_subscriptions AS s (endpoint, p256dh, auth, location, radius_m, animals, paused, quiet_start, quiet_end, time_zone, language, network, endpoint_host, reports)
             VALUES ($1, $2, $3, ST_SetSRID(ST_MakePoint($5, $4), 4326)::geography, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
             ON CONFLICT (endpoint) DO UPDATE SET
               p256dh = excluded.p256dh, location = excluded.location, radius_m = excluded.radius_m,
               animals = excluded.animals, paused = excluded.paused, quiet_start = excluded.quiet_start,
               quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, language = excluded.language,
               reports = excluded.reports, follow_only = false, updated_at = now()
             WHERE s.auth = excluded.auth
             RETURNING *, (xmax = 0) AS created
           )
           SELECT ${SUBSCRIPTION_COLUMNS}, created FROM upserted`,
          [
            body.endpoint,
            body.keys.p256dh,
            body.keys.auth,
            body.latitude,
            body.longitude,
            Math.round(body.radius * 1000),
            body.animals ?? null,
            body.paused ?? false,
            q ? toMinutes(q.start) : null,
            q ? toMinutes(q.end) : null,
            q ? q.timeZone : null,
            language,
            origin.network,
            origin.host,
            body.reports ?? 'every',
          ],
        );
        const row = rows[0];
        // Made meanwhile by another request with another auth secret.
        if (!row) return { kind: 'not-yours' };
        return { kind: row.created ? 'created' : 'updated', subscription: toInfo(row) };
      });
    },

    async find(endpoint: string, auth: string): Promise<PushSubscriptionInfo | undefined> {
      const rows = await db.query<SubscriptionRow>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM push_subscriptions WHERE endpoint = $1 AND auth = $2 AND NOT follow_only`,
        [endpoint, auth],
      );
      return rows[0] && toInfo(rows[0]);
    },

    /** Pausing drops what was waiting to be sent: a paused subscription is told nothing. */
    async setPaused(endpoint: string, auth: string, paused: boolean): Promise<PushSubscriptionInfo | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<SubscriptionRow & { id: string }>(
          `UPDATE push_subscriptions SET paused = $3, updated_at = now() WHERE endpoint = $1 AND auth = $2
           RETURNING id::text, ${SUBSCRIPTION_COLUMNS}`,
          [endpoint, auth, paused],
        );
        const row = rows[0];
        if (row && paused) await dropQueued(tx, [row.id]);
        return row && toInfo(row);
      });
    },

    /**
     * The device follows the alert's official status (issue 33): with its area subscription if it
     * has one, else with a follow-only one, counted against the same limits. Undefined: no such alert.
     */
    async follow(alertId: string, body: FollowBody, language: Language, origin: SubscriptionOrigin, limits: SubscriptionLimits): Promise<FollowResult | undefined> {
      return db.transaction(async (tx) => {
        const [alert] = await tx.query('SELECT 1 FROM alerts WHERE id = $1 AND NOT hidden', [alertId]);
        if (!alert) return undefined;
        const [known] = await tx.query<{ id: string; auth: string }>('SELECT id::text, auth FROM push_subscriptions WHERE endpoint = $1', [body.endpoint]);
        if (known && known.auth !== body.keys.auth) return 'not-yours';
        let id = known?.id;
        if (!id) {
          const full = await fullFor(tx, origin, limits);
          if (full) return full;
          // Made meanwhile by another request: its auth secret decides.
          const rows = await tx.query<{ id: string }>(
            `INSERT INTO push_subscriptions (endpoint, p256dh, auth, location, radius_m, language, network, endpoint_host, follow_only)
             SELECT $1, $2, $3, a.location, 500, $5, $6, $7, true FROM alerts a WHERE a.id = $4
             ON CONFLICT (endpoint) DO UPDATE SET updated_at = now() WHERE push_subscriptions.auth = excluded.auth
             RETURNING id::text`,
            [body.endpoint, body.keys.p256dh, body.keys.auth, alertId, language, origin.network, origin.host],
          );
          if (!rows[0]) return 'not-yours';
          id = rows[0].id;
        }
        await tx.query('INSERT INTO alert_follows (subscription_id, alert_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, alertId]);
        return 'following';
      });
    },

    /** The device follows the alert no more; a follow-only subscription with nothing left to follow goes. */
    async unfollow(alertId: string, endpoint: string, auth: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ id: string }>(
          `DELETE FROM alert_follows f USING push_subscriptions s
           WHERE s.id = f.subscription_id AND s.endpoint = $1 AND s.auth = $2 AND f.alert_id = $3
           RETURNING s.id::text`,
          [endpoint, auth, alertId],
        );
        if (!rows[0]) return false;
        await tx.query('DELETE FROM push_pending_statuses WHERE subscription_id = $1 AND alert_id = $2', [rows[0].id, alertId]);
        await tx.query(
          `DELETE FROM push_subscriptions s WHERE s.id = $1 AND s.follow_only
             AND NOT EXISTS (SELECT 1 FROM alert_follows f WHERE f.subscription_id = s.id)`,
          [rows[0].id],
        );
        return true;
      });
    },

    async remove(endpoint: string, auth: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND auth = $2 RETURNING id', [endpoint, auth]);
      return rows.length > 0;
    },

    /**
     * Matches the alert events not matched yet to the subscriptions around them, queueing a
     * job per subscription. Only the instance holding the cursor's row lock matches; another
     * skips (it returns false), so each event is matched once. Returns whether it matched.
     */
    async matchNewEvents(coalesceMinutes: number): Promise<boolean> {
      for (;;) {
        const more = await db.transaction(async (tx) => {
          const cursor = await tx.query<{ last: string }>('SELECT last_event_id::text AS last FROM push_cursor FOR UPDATE SKIP LOCKED');
          if (!cursor[0]) return undefined;
          const events = await tx.query<{ id: string }>(
            'SELECT id::text FROM alert_events WHERE id > $1 ORDER BY id LIMIT $2',
            [cursor[0].last, MATCH_BATCH],
          );
          if (events.length === 0) return false;
          const last = events.at(-1)!.id;
          // At an alert's published point: a sensitive species is matched at its cell.
          await tx.query(
            `WITH matched AS (
               INSERT INTO push_pending (subscription_id, alert_id)
               SELECT s.id, a.id
               FROM alert_events e
               JOIN alerts a ON a.id = e.alert_id AND NOT a.hidden
               JOIN push_subscriptions s
                 ON s.location && _ST_Expand(a.public_location, ${MAX_RADIUS_M})
                AND _ST_DWithin(s.location, a.public_location, s.radius_m, false)
               WHERE e.id > $1 AND e.id <= $2 AND e.audiences <> '{}'
                 -- Released by this event to the subscription's audience (issue 35): every report, or likely and confirmed only.
                 AND (CASE s.reports WHEN 'likely-and-confirmed' THEN 'trusted' ELSE 'every' END) = ANY (e.audiences)
                 AND NOT s.paused AND NOT s.follow_only AND (s.animals IS NULL OR a.animal = ANY (s.animals))
               ON CONFLICT DO NOTHING
               RETURNING subscription_id
             )
             INSERT INTO push_jobs (subscription_id, run_at)
             SELECT s.id, greatest(now(), s.last_notified_at + make_interval(mins => $3))
             FROM push_subscriptions s WHERE s.id IN (SELECT subscription_id FROM matched)
             ON CONFLICT DO NOTHING`,
            [cursor[0].last, last, coalesceMinutes],
          );
          await tx.query('UPDATE push_cursor SET last_event_id = $1', [last]);
          return events.length === MATCH_BATCH;
        });
        if (more === undefined) return false;
        if (!more) return true;
      }
    },

    /** Claims up to `limit` due jobs for this instance (a lease), with what each is to send. */
    async claimDue(limit: number): Promise<ClaimedJob[]> {
      const jobs = await db.query<{ id: string; attempts: number }>(
        `UPDATE push_jobs j SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = j.attempts + 1
         FROM (
           SELECT subscription_id FROM push_jobs
           WHERE run_at <= now() AND (locked_until IS NULL OR locked_until < now())
           ORDER BY run_at LIMIT $1
           FOR UPDATE SKIP LOCKED
         ) due
         WHERE j.subscription_id = due.subscription_id
         RETURNING j.subscription_id::text AS id, j.attempts`,
        [limit],
      );
      if (jobs.length === 0) return [];
      const ids = jobs.map((j) => j.id);
      const subscriptions = await db.query<SubscriptionRow & { id: string; p256dh: string; auth: string }>(
        `SELECT id::text, p256dh, auth, ${SUBSCRIPTION_COLUMNS} FROM push_subscriptions WHERE id = ANY ($1::bigint[])`,
        [ids],
      );
      const alerts = await db.query<NotifiedAlert & { subscriptionId: string }>(
        `SELECT p.subscription_id::text AS "subscriptionId", a.id, a.animal, a.comments,
                ST_Distance(s.location, a.public_location, false) AS "distanceMetres"
         FROM push_pending p
         JOIN alerts a ON a.id = p.alert_id AND NOT a.hidden
         JOIN push_subscriptions s ON s.id = p.subscription_id
         WHERE p.subscription_id = ANY ($1::bigint[])
         ORDER BY a.created_at DESC, a.seq DESC`,
        [ids],
      );
      const notices = await db.query<NotifiedNotice & { subscriptionId: string }>(
        `SELECT p.subscription_id::text AS "subscriptionId", n.id, o.name AS organisation, n.text,
                ${utc('n.starts_at')} AS "startsAt", ${utc('n.ends_at')} AS "endsAt",
                ST_Y(ST_Centroid(n.shape::geometry)) AS latitude, ST_X(ST_Centroid(n.shape::geometry)) AS longitude
         FROM push_pending_notices p
         JOIN notices n ON n.id = p.notice_id AND n.ends_at > now()
         JOIN organisations o ON o.id = n.organisation_id
         WHERE p.subscription_id = ANY ($1::bigint[])
         ORDER BY n.created_at DESC`,
        [ids],
      );
      const statuses = await db.query<{ subscriptionId: string; alertId: string; animal: string; status: OfficialStatus }>(
        `SELECT p.subscription_id::text AS "subscriptionId", a.id AS "alertId", a.animal, ${OFFICIAL_STATUS_JSON} AS status
         FROM push_pending_statuses p
         JOIN alerts a ON a.id = p.alert_id AND NOT a.hidden
         WHERE p.subscription_id = ANY ($1::bigint[])`,
        [ids],
      );
      const statusesOf = new Map<string, NotifiedStatus[]>();
      for (const { subscriptionId, status, ...rest } of statuses) {
        if (!status) continue;
        statusesOf.set(subscriptionId, [...(statusesOf.get(subscriptionId) ?? []), { ...rest, status }].sort((a, b) => b.status.at.localeCompare(a.status.at)));
      }
      const noticesOf = new Map<string, NotifiedNotice[]>();
      for (const { subscriptionId, ...notice } of notices) {
        const list = noticesOf.get(subscriptionId) ?? [];
        list.push(notice);
        noticesOf.set(subscriptionId, list);
      }
      const subscriptionById = new Map(subscriptions.map((s) => [s.id, s]));
      const alertsOf = new Map<string, NotifiedAlert[]>();
      for (const { subscriptionId, ...alert } of alerts) {
        const list = alertsOf.get(subscriptionId) ?? [];
        list.push(alert);
        alertsOf.set(subscriptionId, list);
      }
      const claimed: ClaimedJob[] = [];
      for (const job of jobs) {
        const s = subscriptionById.get(job.id);
        if (!s) continue; // deleted meanwhile: the job went with it
        const info = toInfo(s);
        claimed.push({
          subscriptionId: job.id,
          attempts: job.attempts,
          endpoint: s.endpoint,
          keys: { p256dh: s.p256dh, auth: s.auth },
          paused: s.paused,
          quietHours: info.quietHours,
          language: s.language,
          alerts: alertsOf.get(job.id) ?? [],
          notices: noticesOf.get(job.id) ?? [],
          statuses: statusesOf.get(job.id) ?? [],
        });
      }
      return claimed;
    },

    /**
     * These notifications were accepted (each subscription with the alerts or notices it
     * carried): those are done, the subscriptions were told now, and anything newer waits out
     * the coalescing time as their next job.
     */
    async delivered(
      sent: ReadonlyArray<{ subscriptionId: string; alertIds: readonly string[]; noticeIds?: readonly string[]; statusAlertIds?: readonly string[] }>,
      coalesceMinutes: number,
    ): Promise<void> {
      if (sent.length === 0) return;
      const ids = sent.map((s) => s.subscriptionId);
      const pairs = sent.flatMap((s) => s.alertIds.map((alertId) => [s.subscriptionId, alertId] as const));
      const noticePairs = sent.flatMap((s) => (s.noticeIds ?? []).map((noticeId) => [s.subscriptionId, noticeId] as const));
      const statusPairs = sent.flatMap((s) => (s.statusAlertIds ?? []).map((alertId) => [s.subscriptionId, alertId] as const));
      await db.transaction(async (tx) => {
        if (statusPairs.length > 0) {
          await tx.query(
            `DELETE FROM push_pending_statuses p USING unnest($1::bigint[], $2::uuid[]) AS d (subscription_id, alert_id)
             WHERE p.subscription_id = d.subscription_id AND p.alert_id = d.alert_id`,
            [statusPairs.map((p) => p[0]), statusPairs.map((p) => p[1])],
          );
        }
        await tx.query(
          `DELETE FROM push_pending p USING unnest($1::bigint[], $2::uuid[]) AS d (subscription_id, alert_id)
           WHERE p.subscription_id = d.subscription_id AND p.alert_id = d.alert_id`,
          [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
        );
        if (noticePairs.length > 0) {
          await tx.query(
            `DELETE FROM push_pending_notices p USING unnest($1::bigint[], $2::uuid[]) AS d (subscription_id, notice_id)
             WHERE p.subscription_id = d.subscription_id AND p.notice_id = d.notice_id`,
            [noticePairs.map((p) => p[0]), noticePairs.map((p) => p[1])],
          );
        }
        await tx.query('UPDATE push_subscriptions SET last_notified_at = now() WHERE id = ANY ($1::bigint[])', [ids]);
        // Most jobs are empty now (one alert, one notice): deleted first, not updated and then deleted.
        await deleteEmptyJobs(tx, ids);
        await tx.query(
          `UPDATE push_jobs SET run_at = now() + make_interval(mins => $2), attempts = 0, locked_until = NULL
           WHERE subscription_id = ANY ($1::bigint[])`,
          [ids, coalesceMinutes],
        );
      });
    },

    /** Try again later: after a push service's 429 or 5xx (counting the attempt), or a quiet hour (not counting it). */
    async postpone(later: ReadonlyArray<{ subscriptionId: string; runAt: Date }>, countAttempt: boolean): Promise<void> {
      if (later.length === 0) return;
      await db.query(
        `UPDATE push_jobs j SET run_at = d.run_at, locked_until = NULL, attempts = j.attempts - CASE WHEN $3 THEN 0 ELSE 1 END
         FROM unnest($1::bigint[], $2::timestamptz[]) AS d (subscription_id, run_at)
         WHERE j.subscription_id = d.subscription_id`,
        [later.map((l) => l.subscriptionId), later.map((l) => l.runAt.toISOString()), countAttempt],
      );
    },

    /**
     * Nothing visible to send: the hidden alerts and ended notices they held go, and the jobs
     * too unless something matched since then is waiting (then it is due now).
     */
    async discardHidden(subscriptionIds: readonly string[]): Promise<void> {
      if (subscriptionIds.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.query(
          'DELETE FROM push_pending p USING alerts a WHERE p.subscription_id = ANY ($1::bigint[]) AND a.id = p.alert_id AND a.hidden',
          [subscriptionIds],
        );
        await tx.query(
          'DELETE FROM push_pending_notices p USING notices n WHERE p.subscription_id = ANY ($1::bigint[]) AND n.id = p.notice_id AND n.ends_at <= now()',
          [subscriptionIds],
        );
        // A hidden alert's, or one with no official status (nothing to tell).
        await tx.query(
          `DELETE FROM push_pending_statuses p USING alerts a
           WHERE p.subscription_id = ANY ($1::bigint[]) AND a.id = p.alert_id AND (a.hidden OR ${OFFICIAL_STATUS_JSON} IS NULL)`,
          [subscriptionIds],
        );
        await tx.query('UPDATE push_jobs SET locked_until = NULL, attempts = 0 WHERE subscription_id = ANY ($1::bigint[])', [subscriptionIds]);
        await deleteEmptyJobs(tx, subscriptionIds);
      });
    },

    /** Paused, or given up: the jobs and what they held go. */
    async drop(subscriptionIds: readonly string[]): Promise<void> {
      if (subscriptionIds.length === 0) return;
      await db.transaction((tx) => dropQueued(tx, subscriptionIds));
    },

    /** The push service says the subscriptions are gone (404, 410), or their endpoints may no longer be reached. */
    async removeById(subscriptionIds: readonly string[]): Promise<void> {
      if (subscriptionIds.length === 0) return;
      await db.query('DELETE FROM push_subscriptions WHERE id = ANY ($1::bigint[])', [subscriptionIds]);
    },
  };
}

/**
 * Whether a new subscription from `origin` finds its network or its push service's host full.
 * The counts are taken under a lock per network and host, so subscriptions made at once cannot overshoot.
 */
async function fullFor(tx: Queryable, origin: SubscriptionOrigin, limits: SubscriptionLimits): Promise<'network-full' | 'host-full' | undefined> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('push-network:' || $1))", [origin.network]);
  const [{ n }] = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE network = $1', [origin.network])) as [{ n: number }];
  if (n >= limits.perNetwork) return 'network-full';
  if (limits.perHost === undefined) return undefined;
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('push-host:' || $1))", [origin.host]);
  const [{ h }] = (await tx.query<{ h: number }>('SELECT count(*)::int AS h FROM push_subscriptions WHERE endpoint_host = $1', [origin.host])) as [{ h: number }];
  return h >= limits.perHost ? 'host-full' : undefined;
}

/**
 * A followed alert's official status changed (issue 33): inside the step's transaction, each
 * device following it is queued to be told, at once (a job waiting out the coalescing time is
 * made due now). The status is read when the notification is sent: the latest step.
 */
export async function queueFollowers(tx: Queryable, alertId: string): Promise<void> {
  await tx.query(
    `WITH queued AS (
       INSERT INTO push_pending_statuses (subscription_id, alert_id)
       SELECT f.subscription_id, f.alert_id FROM alert_follows f JOIN push_subscriptions s ON s.id = f.subscription_id AND NOT s.paused
       WHERE f.alert_id = $1
       ON CONFLICT DO NOTHING
       RETURNING subscription_id
     )
     INSERT INTO push_jobs (subscription_id) SELECT subscription_id FROM queued
     ON CONFLICT (subscription_id) DO UPDATE SET run_at = least(push_jobs.run_at, now())`,
    [alertId],
  );
}

async function deleteEmptyJobs(tx: Queryable, subscriptionIds: readonly string[]): Promise<void> {
  await tx.query(
    `DELETE FROM push_jobs j WHERE subscription_id = ANY ($1::bigint[])
       AND NOT EXISTS (SELECT 1 FROM push_pending p WHERE p.subscription_id = j.subscription_id)
       AND NOT EXISTS (SELECT 1 FROM push_pending_notices p WHERE p.subscription_id = j.subscription_id)
       AND NOT EXISTS (SELECT 1 FROM push_pending_statuses p WHERE p.subscription_id = j.subscription_id)`,
    [subscriptionIds],
  );
}

async function dropQueued(tx: Queryable, subscriptionIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM push_pending WHERE subscription_id = ANY ($1::bigint[])', [subscriptionIds]);
  await tx.query('DELETE FROM push_pending_notices WHERE subscription_id = ANY ($1::bigint[])', [subscriptionIds]);
  await tx.query('DELETE FROM push_pending_statuses WHERE subscription_id = ANY ($1::bigint[])', [subscriptionIds]);
  await tx.query('DELETE FROM push_jobs WHERE subscription_id = ANY ($1::bigint[])', [subscriptionIds]);
}

export type PushRepository = ReturnType<typeof pushRepository>;
