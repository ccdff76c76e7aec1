/** The way in at a start with no admin: a one-time link to make the first admin account. */
import { SERVER } from '../repositories/audit-repository.ts';
import type { StaffRepository } from '../repositories/staff-repository.ts';
import { newSecret, secretHash } from './secrets.ts';

/** How long a first-start link stays valid. */
export const FIRST_ADMIN_HOURS = 24;

/** The link an invitee opens: the app's invite screen, the secret after `#` (never sent to a server). */
export const inviteLink = (origin: string, token: string) => `${origin}/WildAlertApp/staff/invite#${token}`;

/**
 * A new first-admin link when no enabled admin exists (undefined otherwise). Each start without
 * an admin makes one; whichever is used first makes the admin, and the others then make nobody.
 */
export async function firstAdminLink(staff: StaffRepository, origin: string): Promise<string | undefined> {
  if (await staff.adminExists()) return undefined;
  const token = newSecret();
  await staff.createInvite({ tokenHash: secretHash(token), name: 'Admin', role: 'admin', bootstrap: true, validHours: FIRST_ADMIN_HOURS }, SERVER);
  return inviteLink(origin, token);
}
