/** Where a person goes once signed in (a passkey, an invite's registration). */
import { paths } from '../../../config/paths.ts';
import { roleAllows } from '@wildalert/shared';
import type { StaffMe } from '../../../lib/staff-session.ts';

/** The staff screens a sign-in may return to (`?next=`): nothing outside the app, nothing unknown. */
const RETURNS: readonly string[] = [paths.moderation, paths.staffAccount, paths.staffPeople, paths.staffAudit, paths.staffInbox, paths.staffOrganisations];

/** Back where the person was sent from, else their everyday screen: moderation, or the inbox for a responder (who may not moderate). */
export function afterSignIn(me: Pick<StaffMe, 'role'>, next: string | null): string {
  if (next !== null && RETURNS.includes(next)) return next;
  return roleAllows(me.role, 'moderator') ? paths.moderation : paths.staffInbox;
}
