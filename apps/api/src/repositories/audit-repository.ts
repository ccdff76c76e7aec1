/** The SQL of the audit log: every staff action, with the person and the time, newest first. */
import type { Database, Queryable } from '../db/database.ts';
import { utc } from './alert-json.ts';

/** Who acted: a member of staff (their account and their name then), or the server itself. */
export interface Actor {
  accountId: string | null;
  name: string;
}

/** The server acting on its own (a bootstrap invite at a start with no admin). */
export const SERVER: Actor = { accountId: null, name: 'WildAlert server' };

export type AuditAction =
  | 'signed-in'
  | 'signed-out'
  | 'signed-out-everywhere'
  | 'invite-created'
  | 'invite-revoked'
  | 'account-created'
  | 'role-changed'
  | 'account-disabled'
  | 'account-enabled'
  | 'passkey-added'
  | 'passkey-removed'
  | 'token-created'
  | 'token-revoked'
  | 'alert-hidden'
  | 'alert-restored'
  | 'alert-verification-set'
  | 'photo-hidden'
  | 'notice-posted'
  | 'notice-removed'
  | 'organisation-created'
  | 'organisation-changed'
  | 'organisation-deleted'
  | 'member-added'
  | 'member-removed'
  | 'inbox-status-changed'
  | 'webhook-created'
  | 'webhook-deleted'
  | 'webhook-secret-rotated'
  | 'webhook-tested';

export interface AuditEntry {
  id: number;
  at: string;
  accountId: string | null;
  actor: string;
  action: AuditAction;
  subject: string | null;
  details: Record<string, unknown>;
}

/** Writes one entry, in the transaction `tx` of the change it records: both stay, or neither. */
export async function recordAudit(
  tx: Queryable,
  actor: Actor,
  action: AuditAction,
  subject: string | null = null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(`INSERT INTO audit_log (account_id, actor, action, subject, details) VALUES ($1, $2, $3, $4, $5)`, [
    actor.accountId,
    actor.name,
    action,
    subject,
    JSON.stringify(details),
  ]);
}

export function auditRepository(db: Database) {
  return {
    /** Entries older than `before` (an id; all when undefined), newest first, at most `limit`. */
    async list(limit: number, before?: number): Promise<AuditEntry[]> {
      return db.query<AuditEntry>(
        `SELECT id::int AS id, ${utc('at')} AS at, account_id AS "accountId", actor, action, subject, details
         FROM audit_log
         WHERE $2::bigint IS NULL OR id < $2
         ORDER BY id DESC
         LIMIT $1`,
        [limit, before ?? null],
      );
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
