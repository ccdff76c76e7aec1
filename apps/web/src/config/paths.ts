/** Every route of the app, relative to the router's basename (/WildAlertApp/). */
import { EMBED_PAGE } from '@wildalert/shared';
export const paths = {
  map: '/',
  addAlert: '/addAlert',
  test: '/test',
  /** The reports this device sent (kept on the device), with their state and the offer to follow each (issue 34). */
  myReports: '/my-reports',
  /** The moderators' screen (a staff session of role moderator or above). */
  moderation: '/moderation',
  /** Staff sign-in: a passkey, or the city's single sign-on; `?error=` a single sign-on failure, `?next=` where to go after. */
  staffSignIn: '/staff/sign-in',
  /** An invite's link: its secret in the fragment (`#<token>`), read and removed at once. */
  staffInvite: '/staff/invite',
  /** My account: passkeys, API tokens, signing out. */
  staffAccount: '/staff/account',
  /** People and open invites (admin). */
  staffPeople: '/staff/people',
  /** The audit log (admin). */
  staffAudit: '/staff/audit',
  /** An organisation's inbox (its members, admins): `?organisation=` which, when the person has several. */
  staffInbox: '/staff/inbox',
  /** Organisations (admin): the list; one's form at organisationPath(id). */
  staffOrganisations: '/staff/organisations',
  staffOrganisation: '/staff/organisations/:id',
  /** An organisation's webhooks (its members read them, admins change them): at webhooksPath(id). */
  staffWebhooks: '/staff/organisations/:id/webhooks',
  /** The city's dashboard (issue 37): staff of any role; `dashboard` is everyone's when the server's DASHBOARD_PUBLIC is on. Filters in the query. */
  staffDashboard: '/staff/dashboard',
  dashboard: '/dashboard',
  /** Official notices: a member of a service posts and removes its notices (issue 33). */
  staffNotices: '/staff/notices',
  /** The links of the e-mail alerts' mails (issue 34): `?token=` from the mail; a button confirms, or unsubscribes. */
  emailConfirm: '/email/confirm',
  emailUnsubscribe: '/email/unsubscribe',
  /** One alert: the map centred on it with its popup open (a shareable link). */
  alert: '/alerts/:id',
  /** The read-only map other sites put in a frame (EMBED_PAGE; the server lets them frame only this page). */
  embed: `/${EMBED_PAGE}`,
} as const;

/** The router's basename, Vite's `base` with its trailing slash: the map's address is /WildAlertApp/. */
export const BASENAME = import.meta.env.BASE_URL;

/** The address's path as it is now, relative to the basename ("/", "/alerts/…"): not the router's last render's. */
export function currentPath(): string {
  return `/${window.location.pathname.slice(BASENAME.length)}`;
}

/** One alert's own address (its permalink), relative to the basename. */
export function alertPath(id: string): string {
  return `/alerts/${encodeURIComponent(id)}`;
}

/** One organisation's form (admin); `new` for a new one. */
export function organisationPath(id: string): string {
  return `/staff/organisations/${encodeURIComponent(id)}`;
}

/** An organisation's webhook endpoints and their delivery log. */
export function webhooksPath(organisationId: string): string {
  return `${organisationPath(organisationId)}/webhooks`;
}
