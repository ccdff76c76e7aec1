/**
 * The SQL of webhooks: endpoints, the messages queued for them (leased jobs, as push_jobs are),
 * and the delivery log. Times are the API's clock (`now`), passed in, so that a test can move it.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@wildalert/shared';
import type { Database, Queryable } from '../db/database.ts';
import { recordAudit, type Actor } from '../repositories/audit-repository.ts';
import { utc } from '../repositories/alert-json.ts';

/** The NOTIFY channel that tells every API instance a message was queued. */
export const WEBHOOKS_CHANNEL = 'webhook_deliveries';

/** What the org-api's transactions queue: an alert landed in the inbox, or its status changed. */
export type WebhookEventType = 'alert.routed' | 'alert.status_changed';

/** How long the secret before a rotation still signs (a second signature beside the new one's). */
const ROTATION_GRACE_MS = 24 * 3600_000;

/** A new secret: whsec_ and 32 random bytes in base64, as the specification writes them. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The body every attempt sends, as the specification suggests: the type, when it happened, and the data. */
const bodyOf = (type: string, data: unknown, at: Date) => JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * Queues `type` with `data` (an InboxEntry's JSON) for every enabled endpoint of the
 * organisation, in the caller's transaction `tx`: the messages exist if and only if the change
 * commits. Every instance hears of them at the commit (NOTIFY) and one sends each. Answers how
 * many were queued.
 */
export async function enqueueWebhooks(tx: Queryable, organisationId: string, type: WebhookEventType, data: unknown, now = new Date()): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `WITH queued AS (
       INSERT INTO webhook_deliveries (endpoint_id, type, body, next_attempt_at, created_at)
       SELECT id, $2, $3, $4, $4 FROM webhook_endpoints WHERE organisation_id = $1 AND enabled
       RETURNING 1
     )
     SELECT count(*)::int AS n, CASE WHEN count(*) > 0 THEN pg_notify('${WEBHOOKS_CHANNEL}', '') END AS notified FROM queued`,
    [organisationId, type, bodyOf(type, data, now), now.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** A message claimed by this instance for one attempt. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  url: string;
  body: string;
  /** This attempt's number, from 1. */
  attempts: number;
  secrets: string[];
}

const ENDPOINT_COLUMNS = `id, organisation_id AS "organisationId", url, description, enabled, disabled_reason AS "disabledReason",
  CASE WHEN previous_secret_until IS NOT NULL THEN ${utc('previous_secret_until')} END AS "previousSecretUntil",
  ${utc('created_at')} AS "createdAt"`;

const optionalTime = (column: string) => `CASE WHEN ${column} IS NOT NULL THEN ${utc(column)} END`;
const DELIVERY_COLUMNS = `'msg_' || id AS id, type, status, attempts, last_status_code AS "lastStatusCode", last_error AS "lastError",
  ${optionalTime('last_attempt_at')} AS "lastAttemptAt",
  ${optionalTime("CASE WHEN status = 'pending' THEN next_attempt_at END")} AS "nextAttemptAt",
  ${utc('created_at')} AS "createdAt",
  ${optionalTime("CASE WHEN status = 'delivered' THEN finished_at END")} AS "deliveredAt",
  ${optionalTime("CASE WHEN status = 'failed' THEN finished_at END")} AS "failedAt"`;

/** The id in a webhook-id (msg_<uuid>). */
const deliveryIdOf = (messageId: string) => messageId.replace(/^msg_/, '');

export function webhooksRepository(db: Database) {
  return {
    async organisationExists(organisationId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM organisations WHERE id = $1', [organisationId]);
      return rows.length > 0;
    },

    async isMember(organisationId: string, accountId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM organisation_members WHERE organisation_id = $1 AND account_id = $2', [organisationId, accountId]);
      return rows.length > 0;
    },

    async endpoints(organisationId: string): Promise<WebhookEndpoint[]> {
      return db.query<WebhookEndpoint>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE organisation_id = $1 ORDER BY created_at, id`, [organisationId]);
    },

    /** Undefined when the organisation is not there (any more). */
    async create(organisationId: string, body: { url: string; description: string }, actor: Actor): Promise<WebhookEndpointWithSecret | undefined> {
      const secret = newSecret();
      return db.transaction(async (tx) => {
        const [organisation] = await tx.query('SELECT 1 FROM organisations WHERE id = $1 FOR KEY SHARE', [organisationId]);
        if (!organisation) return undefined;
        const [endpoint] = await tx.query<WebhookEndpoint>(
          `INSERT INTO webhook_endpoints (organisation_id, url, description, secret) VALUES ($1, $2, $3, $4) RETURNING ${ENDPOINT_COLUMNS}`,
          [organisationId, body.url, body.description, secret],
        );
        await recordAudit(tx, actor, 'webhook-created', endpoint!.id, { organisationId, url: body.url });
        return { ...endpoint!, secret };
      });
    },

    async remove(organisationId: string, endpointId: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ url: string }>('DELETE FROM webhook_endpoints WHERE id = $1 AND organisation_id = $2 RETURNING url', [endpointId, organisationId]);
        if (!rows[0]) return false;
        await recordAudit(tx, actor, 'webhook-deleted', endpointId, { organisationId, url: rows[0].url });
        return true;
      });
    },

    /** A new secret; the one it replaces still signs until `now` + 24 h (a rotation within them drops the older one). */
    async rotateSecret(organisationId: string, endpointId: string, actor: Actor, now = new Date()): Promise<WebhookEndpointWithSecret | undefined> {
      const secret = newSecret();
      return db.transaction(async (tx) => {
        const [endpoint] = await tx.query<WebhookEndpoint>(
          `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = $3, secret = $4
           WHERE id = $1 AND organisation_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
          [endpointId, organisationId, new Date(now.getTime() + ROTATION_GRACE_MS).toISOString(), secret],
        );
        if (!endpoint) return undefined;
        await recordAudit(tx, actor, 'webhook-secret-rotated', endpointId, { organisationId });
        return { ...endpoint, secret };
      });
    },

    /** Queues a `webhook.test` message to this endpoint alone; to a disabled one too, which its delivery enables again. */
    async enqueueTest(organisationId: string, endpointId: string, actor: Actor, now = new Date()): Promise<WebhookDelivery | undefined> {
      return db.transaction(async (tx) => {
        const data = { organisationId, endpointId, message: 'A test message from WildAlert: the signature verifies, the endpoint works.' };
        const [delivery] = await tx.query<WebhookDelivery>(
          `INSERT INTO webhook_deliveries (endpoint_id, type, body, next_attempt_at, created_at)
           SELECT id, 'webhook.test', $3, $4, $4 FROM webhook_endpoints WHERE id = $1 AND organisation_id = $2
           RETURNING ${DELIVERY_COLUMNS}`,
          [endpointId, organisationId, bodyOf('webhook.test', data, now), now.toISOString()],
        );
        if (!delivery) return undefined;
        await tx.query(`SELECT pg_notify('${WEBHOOKS_CHANNEL}', '')`);
        await recordAudit(tx, actor, 'webhook-tested', endpointId, { organisationId, messageId: delivery.id });
        return delivery;
      });
    },

    /** The endpoint's log, newest first; undefined when there is no such endpoint of that organisation. */
    async deliveries(organisationId: string, endpointId: string, limit: number): Promise<WebhookDelivery[] | undefined> {
      const [endpoint] = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND organisation_id = $2', [endpointId, organisationId]);
      if (!endpoint) return undefined;
      return db.query<WebhookDelivery>(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [endpointId, limit],
      );
    },

    /**
     * Claims up to `limit` due messages for one attempt each by this instance (a lease until
     * `leaseUntil`), leaving every endpoint at most `perEndpoint` under way in all instances
     * together. The endpoints are locked while their counts are taken (SKIP LOCKED: another
     * instance claiming at once takes other endpoints' messages), so the bound holds.
     */
    async claimDue(limit: number, perEndpoint: number, now: Date, leaseUntil: Date): Promise<ClaimedDelivery[]> {
      const at = now.toISOString();
      return db.transaction(async (tx) => {
        const endpoints = await tx.query<{ id: string }>(
          `SELECT e.id FROM webhook_endpoints e
           WHERE EXISTS (
             SELECT 1 FROM webhook_deliveries d
             WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at <= $1
               AND (d.locked_until IS NULL OR d.locked_until <= $1) AND (e.enabled OR d.type = 'webhook.test')
           )
           FOR NO KEY UPDATE SKIP LOCKED`,
          [at],
        );
        if (endpoints.length === 0) return [];
        return tx.query<ClaimedDelivery>(
          `WITH due AS (
             SELECT d.id, d.endpoint_id, d.next_attempt_at,
                    row_number() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.created_at, d.id) AS n
             FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
             WHERE d.endpoint_id = ANY ($2::uuid[]) AND d.status = 'pending' AND d.next_attempt_at <= $1
               AND (d.locked_until IS NULL OR d.locked_until <= $1) AND (e.enabled OR d.type = 'webhook.test')
           ), busy AS (
             SELECT endpoint_id, count(*) AS n FROM webhook_deliveries
             WHERE endpoint_id = ANY ($2::uuid[]) AND status = 'pending' AND locked_until > $1
             GROUP BY endpoint_id
           ), chosen AS (
             SELECT due.id FROM due LEFT JOIN busy USING (endpoint_id)
             WHERE due.n + coalesce(busy.n, 0) <= $3
             ORDER BY due.next_attempt_at, due.id
             LIMIT $4
           )
           UPDATE webhook_deliveries d SET locked_until = $5, attempts = d.attempts + 1, last_attempt_at = $1
           FROM chosen, webhook_endpoints e
           WHERE d.id = chosen.id AND e.id = d.endpoint_id
           RETURNING 'msg_' || d.id AS id, d.endpoint_id AS "endpointId", e.url, d.body, d.attempts,
             CASE WHEN e.previous_secret_until > $1 THEN ARRAY[e.secret, e.previous_secret] ELSE ARRAY[e.secret] END AS secrets`,
          [at, endpoints.map((e) => e.id), perEndpoint, limit, leaseUntil.toISOString()],
        );
      });
    },

    /**
     * A 2xx: delivered, whichever attempt (of whichever instance) got it. A test message
     * delivered to a disabled endpoint (410 Gone before) enables it again.
     */
    async delivered(messageId: string, status: number, now: Date): Promise<void> {
      await db.query(
        `WITH d AS (
           UPDATE webhook_deliveries SET status = 'delivered', finished_at = $2, locked_until = NULL, last_status_code = $3, last_error = NULL
           WHERE id = $1 AND status <> 'delivered'
           RETURNING endpoint_id, type
         )
         UPDATE webhook_endpoints e SET enabled = true, disabled_reason = NULL
         FROM d WHERE e.id = d.endpoint_id AND d.type = 'webhook.test' AND NOT e.enabled`,
        [deliveryIdOf(messageId), now.toISOString(), status],
      );
    },

    /**
     * This attempt failed: tried again at `retryAt`, or given up (undefined). Recorded only while
     * the attempt is still the latest: a late answer after the lease ran out and another instance
     * took the message over changes nothing.
     */
    async failed(messageId: string, attempts: number, outcome: { status?: number; error?: string }, now: Date, retryAt: Date | undefined): Promise<void> {
      // An endpoint disabled meanwhile (410 Gone to another message) is sent nothing more but tests: this one ends too.
      await db.query(
        `WITH retry AS (
           SELECT CASE WHEN e.enabled OR d.type = 'webhook.test' THEN $5::timestamptz END AS at
           FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1
         )
         UPDATE webhook_deliveries SET locked_until = NULL, last_status_code = $3, last_error = $4,
           status = CASE WHEN retry.at IS NULL THEN 'failed' ELSE 'pending' END,
           finished_at = CASE WHEN retry.at IS NULL THEN $6::timestamptz END,
           next_attempt_at = coalesce(retry.at, next_attempt_at)
         FROM retry
         WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
        [deliveryIdOf(messageId), attempts, outcome.status ?? null, outcome.error ?? null, retryAt?.toISOString() ?? null, now.toISOString()],
      );
    },

    /** The receiver answered 410 Gone: the endpoint is disabled, and what was queued for it fails. */
    async disable(endpointId: string, reason: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2 WHERE id = $1', [endpointId, reason]);
        await tx.query(
          `UPDATE webhook_deliveries SET status = 'failed', finished_at = $2, locked_until = NULL,
             last_error = coalesce(last_error, 'the endpoint was disabled')
           WHERE endpoint_id = $1 AND status = 'pending' AND (locked_until IS NULL OR locked_until <= $2)`,
          [endpointId, now.toISOString()],
        );
      });
    },

    /** When the next queued message falls due (or a lease runs out), if any is queued. */
    async nextDueAt(): Promise<Date | undefined> {
      const [row] = await db.query<{ at: string | null }>(
        `SELECT ${optionalTime('min(greatest(d.next_attempt_at, d.locked_until))')} AS at
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.status = 'pending' AND (e.enabled OR d.type = 'webhook.test')`,
      );
      return row?.at ? new Date(row.at) : undefined;
    },

    /** The log keeps finished messages this long. */
    async prune(before: Date): Promise<void> {
      await db.query(`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND finished_at < $1`, [before.toISOString()]);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
