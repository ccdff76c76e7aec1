/**
 * The SQL of staff accounts: people and their roles, invites, passkeys, ceremonies under way,
 * sessions and API tokens. Each change writes its audit entry in its own transaction.
 */
import type { Database, Queryable } from '../db/database.ts';
import { lowerRole, type StaffRole } from '@wildalert/shared';
import { utc } from './alert-json.ts';
import { recordAudit, type Actor } from './audit-repository.ts';

export interface StaffAccount {
  id: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  sso: boolean;
  passkeys: number;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface Invite {
  id: string;
  name: string;
  role: StaffRole;
  bootstrap: boolean;
  createdAt: string;
  expiresAt: string;
}

export type InviteState = Invite & { state: 'open' | 'expired' | 'closed' };

export interface StoredPasskey {
  id: string;
  accountId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

export interface PasskeyListing {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface Ceremony {
  purpose: 'sign-in' | 'register' | 'add-passkey' | 'sso';
  challenge: string;
  inviteId: string | null;
  accountId: string | null;
  data: Record<string, string>;
}

/** Who a session or an API token belongs to, as a request sees it. */
export interface SignedIn {
  accountId: string;
  name: string;
  role: StaffRole;
}

export interface SessionRow extends SignedIn {
  csrfToken: string;
  method: 'passkey' | 'sso';
  /** Whether last_seen_at is more than a minute old: worth writing again. */
  stale: boolean;
}

export interface ApiTokenListing {
  id: string;
  name: string;
  role: StaffRole;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Refusals a transaction returns for the route to put in words. */
export type Refusal = { refused: 'not-found' | 'expired' | 'last-admin' | 'last-passkey' | 'admin-exists' };

const ACCOUNT_COLUMNS = `a.id, a.name, a.role, a.disabled_at IS NOT NULL AS disabled, a.sso_issuer IS NOT NULL AS sso,
  (SELECT count(*)::int FROM staff_passkeys p WHERE p.account_id = a.id) AS passkeys,
  ${utc('a.created_at')} AS "createdAt",
  CASE WHEN a.last_sign_in_at IS NULL THEN NULL ELSE ${utc('a.last_sign_in_at')} END AS "lastSignInAt"`;

const INVITE_COLUMNS = `i.id, i.name, i.role, i.bootstrap, ${utc('i.created_at')} AS "createdAt", ${utc('i.expires_at')} AS "expiresAt"`;

const maybeUtc = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${utc(column)} END`;

/** Any number, the same in every instance: one change of admins at a time, so that one always stays. */
const ADMINS_LOCK = 3_202_611_117;

/** Whether an enabled admin other than `except` exists; call under ADMINS_LOCK. */
async function otherAdminExists(tx: Queryable, except: string | null): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM staff_accounts WHERE role = 'admin' AND disabled_at IS NULL AND id IS DISTINCT FROM $1 LIMIT 1`,
    [except],
  );
  return rows.length > 0;
}

export function staffRepository(db: Database) {
  return {
    async adminExists(): Promise<boolean> {
      return otherAdminExists(db, null);
    },

    async account(id: string): Promise<StaffAccount | undefined> {
      const rows = await db.query<StaffAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts a WHERE a.id = $1`, [id]);
      return rows[0];
    },

    /** Everyone, admins first, then by name. */
    async accounts(): Promise<StaffAccount[]> {
      return db.query<StaffAccount>(
        `SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts a
         ORDER BY a.disabled_at IS NOT NULL, array_position(ARRAY['admin','moderator','responder'], a.role), lower(a.name), a.id`,
      );
    },

    /**
     * Changes a role or disables (enables) an account. Disabling ends its sessions at once. The
     * last enabled admin stays one. Undefined when there is no such account.
     */
    updateAccount(id: string, change: { role?: StaffRole; disabled?: boolean }, actor: Actor): Promise<StaffAccount | Refusal | undefined> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK]);
        const [before] = await tx.query<{ role: StaffRole; disabled: boolean }>(
          `SELECT role, disabled_at IS NOT NULL AS disabled FROM staff_accounts WHERE id = $1 FOR UPDATE`,
          [id],
        );
        if (!before) return undefined;
        const role = change.role ?? before.role;
        const disabled = change.disabled ?? before.disabled;
        const stopsBeingAdmin = before.role === 'admin' && !before.disabled && (role !== 'admin' || disabled);
        if (stopsBeingAdmin && !(await otherAdminExists(tx, id))) return { refused: 'last-admin' };
        if (role !== before.role) {
          await tx.query(`UPDATE staff_accounts SET role = $2 WHERE id = $1`, [id, role]);
          await recordAudit(tx, actor, 'role-changed', id, { from: before.role, to: role });
        }
        if (disabled !== before.disabled) {
          await tx.query(`UPDATE staff_accounts SET disabled_at = CASE WHEN $2 THEN clock_timestamp() END WHERE id = $1`, [id, disabled]);
          if (disabled) await tx.query(`DELETE FROM staff_sessions WHERE account_id = $1`, [id]);
          await recordAudit(tx, actor, disabled ? 'account-disabled' : 'account-enabled', id);
        }
        const [account] = await tx.query<StaffAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts a WHERE a.id = $1`, [id]);
        return account;
      });
    },

    /** Stores an invite, whose secret only its creator sees (the link). */
    createInvite(invite: { tokenHash: Buffer; name: string; role: StaffRole; bootstrap: boolean; validHours: number }, actor: Actor): Promise<Invite> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<Invite>(
          `INSERT INTO staff_invites AS i (token_hash, name, role, bootstrap, created_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, clock_timestamp() + make_interval(hours => $6))
           RETURNING ${INVITE_COLUMNS}`,
          [invite.tokenHash, invite.name, invite.role, invite.bootstrap, actor.accountId, invite.validHours],
        );
        await recordAudit(tx, actor, 'invite-created', row!.id, { name: invite.name, role: invite.role, bootstrap: invite.bootstrap });
        return row!;
      });
    },

    /** Invites not used, revoked or expired, newest first. */
    async openInvites(): Promise<Invite[]> {
      return db.query<Invite>(
        `SELECT ${INVITE_COLUMNS} FROM staff_invites i
         WHERE i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > clock_timestamp() AND NOT i.bootstrap
         ORDER BY i.created_at DESC`,
      );
    },

    revokeInvite(id: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE staff_invites SET revoked_at = clock_timestamp() WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL RETURNING id`,
          [id],
        );
        if (rows.length === 0) return false;
        await recordAudit(tx, actor, 'invite-revoked', id);
        return true;
      });
    },

    /** The invite a token opens, and whether it still may be used. */
    async inviteByToken(tokenHash: Buffer): Promise<InviteState | undefined> {
      const rows = await db.query<InviteState>(
        `SELECT ${INVITE_COLUMNS},
                CASE WHEN i.used_at IS NOT NULL OR i.revoked_at IS NOT NULL THEN 'closed'
                     WHEN i.expires_at <= clock_timestamp() THEN 'expired'
                     ELSE 'open' END AS state
         FROM staff_invites i WHERE i.token_hash = $1`,
        [tokenHash],
      );
      return rows[0];
    },

    /**
     * Uses up an open invite: makes its account with its first passkey. A bootstrap invite makes
     * an admin only while there is none. The invite row's lock makes a replay wait and then find
     * it used.
     */
    registerFromInvite(inviteId: string, passkey: StoredPasskey & { name: string }, personName?: string): Promise<SignedIn | Refusal> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK]);
        const [invite] = await tx.query<{ name: string; role: StaffRole; bootstrap: boolean; open: boolean; expired: boolean }>(
          `SELECT name, role, bootstrap, used_at IS NULL AND revoked_at IS NULL AS open, expires_at <= clock_timestamp() AS expired
           FROM staff_invites WHERE id = $1 FOR UPDATE`,
          [inviteId],
        );
        if (!invite || !invite.open) return { refused: 'not-found' };
        if (invite.expired) return { refused: 'expired' };
        if (invite.bootstrap && (await otherAdminExists(tx, null))) return { refused: 'admin-exists' };
        const name = personName ?? invite.name;
        const [account] = await tx.query<{ id: string }>(`INSERT INTO staff_accounts (name, role) VALUES ($1, $2) RETURNING id`, [name, invite.role]);
        const accountId = account!.id;
        await insertPasskey(tx, accountId, passkey);
        await tx.query(`UPDATE staff_invites SET used_at = clock_timestamp(), used_by = $2 WHERE id = $1`, [inviteId, accountId]);
        const actor = { accountId, name };
        await recordAudit(tx, actor, 'account-created', accountId, { role: invite.role, invite: inviteId });
        await recordAudit(tx, actor, 'passkey-added', passkey.id, { name: passkey.name });
        return { accountId, name, role: invite.role };
      });
    },

    /**
     * The account of a single sign-on identity, made or updated from the provider's claims (its
     * name and role follow the provider at each sign-in). Undefined when it is disabled.
     */
    ssoAccount(identity: { issuer: string; subject: string; name: string; role: StaffRole }): Promise<SignedIn | Refusal> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK]);
        const [before] = await tx.query<{ id: string; role: StaffRole; disabled: boolean }>(
          `SELECT id, role, disabled_at IS NOT NULL AS disabled FROM staff_accounts WHERE sso_issuer = $1 AND sso_subject = $2 FOR UPDATE`,
          [identity.issuer, identity.subject],
        );
        if (before?.disabled) return { refused: 'not-found' };
        if (before) {
          // The provider may lower anyone's role but the last enabled admin's: an admin stays, as on People.
          const lastAdmin = before.role === 'admin' && identity.role !== 'admin' && !(await otherAdminExists(tx, before.id));
          const role = lastAdmin ? 'admin' : identity.role;
          await tx.query(`UPDATE staff_accounts SET name = $2, role = $3 WHERE id = $1`, [before.id, identity.name, role]);
          if (before.role !== role) {
            await recordAudit(tx, { accountId: before.id, name: identity.name }, 'role-changed', before.id, {
              from: before.role,
              to: role,
              by: 'single sign-on',
            });
          }
          return { accountId: before.id, name: identity.name, role };
        }
        const [account] = await tx.query<{ id: string }>(
          `INSERT INTO staff_accounts (name, role, sso_issuer, sso_subject) VALUES ($1, $2, $3, $4) RETURNING id`,
          [identity.name, identity.role, identity.issuer, identity.subject],
        );
        const accountId = account!.id;
        await recordAudit(tx, { accountId, name: identity.name }, 'account-created', accountId, { role: identity.role, by: 'single sign-on' });
        return { accountId, name: identity.name, role: identity.role };
      });
    },

    async passkey(id: string): Promise<(StoredPasskey & { disabled: boolean }) | undefined> {
      const rows = await db.query<StoredPasskey & { disabled: boolean }>(
        `SELECT p.id, p.account_id AS "accountId", p.public_key AS "publicKey", p.counter::int AS counter, p.transports,
                a.disabled_at IS NOT NULL AS disabled
         FROM staff_passkeys p JOIN staff_accounts a ON a.id = p.account_id WHERE p.id = $1`,
        [id],
      );
      return rows[0];
    },

    async passkeysOf(accountId: string): Promise<Array<PasskeyListing & { transports: string[] }>> {
      return db.query(
        `SELECT id, name, transports, ${utc('created_at')} AS "createdAt", ${maybeUtc('last_used_at')} AS "lastUsedAt"
         FROM staff_passkeys WHERE account_id = $1 ORDER BY created_at`,
        [accountId],
      );
    },

    addPasskey(accountId: string, passkey: StoredPasskey & { name: string }, actor: Actor): Promise<void> {
      return db.transaction(async (tx) => {
        await insertPasskey(tx, accountId, passkey);
        await recordAudit(tx, actor, 'passkey-added', passkey.id, { name: passkey.name });
      });
    },

    /** Removes a passkey of the account; its last one only when it signs in by single sign-on too. */
    removePasskey(accountId: string, id: string, actor: Actor): Promise<true | Refusal> {
      return db.transaction(async (tx) => {
        const [account] = await tx.query<{ sso: boolean; passkeys: number }>(
          `SELECT sso_issuer IS NOT NULL AS sso, (SELECT count(*)::int FROM staff_passkeys WHERE account_id = $1) AS passkeys
           FROM staff_accounts WHERE id = $1 FOR UPDATE`,
          [accountId],
        );
        const rows = await tx.query(`SELECT 1 FROM staff_passkeys WHERE id = $1 AND account_id = $2`, [id, accountId]);
        if (!account || rows.length === 0) return { refused: 'not-found' };
        if (account.passkeys <= 1 && !account.sso) return { refused: 'last-passkey' };
        await tx.query(`DELETE FROM staff_passkeys WHERE id = $1`, [id]);
        await recordAudit(tx, actor, 'passkey-removed', id);
        return true;
      });
    },

    /** A passkey signed: its counter, and when. */
    async passkeyUsed(id: string, counter: number): Promise<void> {
      await db.query(`UPDATE staff_passkeys SET counter = $2, last_used_at = clock_timestamp() WHERE id = $1`, [id, counter]);
    },

    /** Keeps a ceremony under way (and forgets those that expired). */
    async startCeremony(idHash: Buffer, ceremony: Ceremony, validMinutes: number): Promise<void> {
      await db.query(`DELETE FROM staff_ceremonies WHERE expires_at < clock_timestamp()`);
      await db.query(
        `INSERT INTO staff_ceremonies (id_hash, purpose, challenge, invite_id, account_id, data, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp() + make_interval(mins => $7))`,
        [idHash, ceremony.purpose, ceremony.challenge, ceremony.inviteId, ceremony.accountId, JSON.stringify(ceremony.data), validMinutes],
      );
    },

    /** Takes a ceremony under way, once: a second answer to one challenge finds none. */
    async takeCeremony(idHash: Buffer, purpose: Ceremony['purpose']): Promise<Ceremony | undefined> {
      const rows = await db.query<Ceremony>(
        `DELETE FROM staff_ceremonies WHERE id_hash = $1 AND purpose = $2 AND expires_at > clock_timestamp()
         RETURNING purpose, challenge, invite_id AS "inviteId", account_id AS "accountId", data`,
        [idHash, purpose],
      );
      return rows[0];
    },

    /** Starts a session (signed in now), ending the one the browser had, if any. */
    startSession(
      session: { idHash: Buffer; accountId: string; csrfToken: string; method: 'passkey' | 'sso'; hours: number },
      replaces: Buffer | undefined,
      actor: Actor,
    ): Promise<void> {
      return db.transaction(async (tx) => {
        if (replaces) await tx.query(`DELETE FROM staff_sessions WHERE id_hash = $1`, [replaces]);
        await tx.query(
          `INSERT INTO staff_sessions (id_hash, account_id, csrf_token, method, expires_at)
           VALUES ($1, $2, $3, $4, clock_timestamp() + make_interval(hours => $5))`,
          [session.idHash, session.accountId, session.csrfToken, session.method, session.hours],
        );
        await tx.query(`UPDATE staff_accounts SET last_sign_in_at = clock_timestamp() WHERE id = $1`, [session.accountId]);
        await recordAudit(tx, actor, 'signed-in', null, { with: session.method });
      });
    },

    /** The live session of `idHash`: neither past its absolute end nor idle longer than `idleMinutes`, of an enabled account. */
    async session(idHash: Buffer, idleMinutes: number): Promise<SessionRow | undefined> {
      const rows = await db.query<SessionRow>(
        `SELECT s.account_id AS "accountId", a.name, a.role, s.csrf_token AS "csrfToken", s.method,
                s.last_seen_at < clock_timestamp() - interval '1 minute' AS stale
         FROM staff_sessions s JOIN staff_accounts a ON a.id = s.account_id
         WHERE s.id_hash = $1 AND s.expires_at > clock_timestamp()
           AND s.last_seen_at > clock_timestamp() - make_interval(mins => $2)
           AND a.disabled_at IS NULL`,
        [idHash, idleMinutes],
      );
      return rows[0];
    },

    async sessionSeen(idHash: Buffer): Promise<void> {
      await db.query(`UPDATE staff_sessions SET last_seen_at = clock_timestamp() WHERE id_hash = $1`, [idHash]);
    },

    /** Ends one session (sign out here) or all of the account's (everywhere). */
    endSessions(which: { idHash: Buffer } | { accountId: string }, actor: Actor): Promise<void> {
      return db.transaction(async (tx) => {
        if ('idHash' in which) await tx.query(`DELETE FROM staff_sessions WHERE id_hash = $1`, [which.idHash]);
        else await tx.query(`DELETE FROM staff_sessions WHERE account_id = $1`, [which.accountId]);
        await recordAudit(tx, actor, 'idHash' in which ? 'signed-out' : 'signed-out-everywhere');
      });
    },

    createToken(token: { accountId: string; name: string; role: StaffRole; tokenHash: Buffer }, actor: Actor): Promise<ApiTokenListing> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<ApiTokenListing>(
          `INSERT INTO staff_api_tokens (account_id, name, role, token_hash) VALUES ($1, $2, $3, $4)
           RETURNING id, name, role, ${utc('created_at')} AS "createdAt", NULL AS "lastUsedAt"`,
          [token.accountId, token.name, token.role, token.tokenHash],
        );
        await recordAudit(tx, actor, 'token-created', row!.id, { name: token.name, role: token.role });
        return row!;
      });
    },

    async tokensOf(accountId: string): Promise<ApiTokenListing[]> {
      return db.query<ApiTokenListing>(
        `SELECT id, name, role, ${utc('created_at')} AS "createdAt", ${maybeUtc('last_used_at')} AS "lastUsedAt"
         FROM staff_api_tokens WHERE account_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC`,
        [accountId],
      );
    },

    revokeToken(accountId: string, id: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE staff_api_tokens SET revoked_at = clock_timestamp() WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING id`,
          [id, accountId],
        );
        if (rows.length === 0) return false;
        await recordAudit(tx, actor, 'token-revoked', id);
        return true;
      });
    },

    /** Whom a live API token lets in, at the lower of its role and its owner's; noted as used (once a minute at most). */
    async token(tokenHash: Buffer): Promise<SignedIn | undefined> {
      const [row] = await db.query<SignedIn & { id: string; tokenRole: StaffRole; stale: boolean }>(
        `SELECT t.id, a.id AS "accountId", a.name, a.role, t.role AS "tokenRole",
                coalesce(t.last_used_at < clock_timestamp() - interval '1 minute', true) AS stale
         FROM staff_api_tokens t JOIN staff_accounts a ON a.id = t.account_id
         WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND a.disabled_at IS NULL`,
        [tokenHash],
      );
      if (!row) return undefined;
      if (row.stale) await db.query(`UPDATE staff_api_tokens SET last_used_at = clock_timestamp() WHERE id = $1`, [row.id]);
      return { accountId: row.accountId, name: row.name, role: lowerRole(row.role, row.tokenRole) };
    },
  };
}

async function insertPasskey(tx: Queryable, accountId: string, passkey: StoredPasskey & { name: string }): Promise<void> {
  await tx.query(
    `INSERT INTO staff_passkeys (id, account_id, public_key, counter, transports, name) VALUES ($1, $2, $3, $4, $5, $6)`,
    [passkey.id, accountId, passkey.publicKey, passkey.counter, passkey.transports, passkey.name],
  );
}

export type StaffRepository = ReturnType<typeof staffRepository>;
