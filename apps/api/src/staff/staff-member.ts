/** A member of staff as one request sees them, and what routes say of them. */
import type { Actor } from '../repositories/audit-repository.ts';
import type { SignedIn } from '../repositories/staff-repository.ts';
import type { Me } from './schemas.ts';

export interface Staff extends SignedIn {
  via: 'session' | 'token';
  /** The session's id hash, its CSRF token and how it signed in (via session only). */
  session?: { idHash: Buffer; csrfToken: string; method: 'passkey' | 'sso' };
}

/** What the OpenAPI page says a staff route takes: a signed-in browser or a personal API token. */
export const STAFF_SECURITY: Array<Record<string, string[]>> = [{ staffSession: [] }, { staffToken: [] }];

/** The actor of an audit entry: who made this request. */
export const actorOf = (staff: Staff): Actor => ({ accountId: staff.accountId, name: staff.name });

/** Who is signed in, as `GET /staff/me` and every sign-in answer it. */
export const meOf = (staff: Staff): Me['data'] => ({
  id: staff.accountId,
  name: staff.name,
  role: staff.role,
  csrfToken: staff.session?.csrfToken ?? null,
  signedInWith: staff.session?.method ?? 'token',
});
