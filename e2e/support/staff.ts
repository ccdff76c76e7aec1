/**
 * Staff in the browser tests: a passkey authenticator in Chromium (DevTools' virtual
 * authenticator, as a phone's or a laptop's built-in one) and the first admin's invite, which
 * the server prints at its first start.
 */
import { randomBytes } from 'node:crypto';
import type { CDPSession, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { StaffRole } from '@wildalert/shared';
import { StaffClient } from '@wildalert/test-support';
import type { WildAlertServer } from './fixtures.ts';

export interface Authenticator {
  cdp: CDPSession;
  id: string;
  /** The passkeys it holds (resident credentials), by the site they are for. */
  passkeys(): Promise<Array<{ rpId?: string; userHandle?: string; signCount: number }>>;
}

/**
 * A platform authenticator with user verification (a fingerprint or the screen lock), which
 * answers at once: what a staff member's phone or laptop offers.
 */
export async function addAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    passkeys: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * The site as staff open it: `localhost`, not 127.0.0.1, since a passkey belongs to a domain
 * (WebAuthn refuses an IP address as its RP ID). Chromium takes http://localhost as a secure context.
 */
export function staffOrigin(server: WildAlertServer): string {
  return server.origin.replace('127.0.0.1', 'localhost');
}

const FIRST_START = /First start: create the first admin account \(valid 24 h, once\): (\S+)/g;

/** The first-admin link the server printed at its start (the last one, should it have printed more), at the site's staff origin. */
export async function firstAdminLink(server: WildAlertServer): Promise<string> {
  let link: string | undefined;
  // Printed once the server listens: maybe a moment after it answered its first /health.
  await expect
    .poll(() => (link = [...server.process.output().matchAll(FIRST_START)].at(-1)?.[1]), { message: 'the first-start line in the server output' })
    .toBeDefined();
  const url = new URL(link!);
  return `${staffOrigin(server)}${url.pathname}${url.hash}`;
}

/**
 * An invite's link at the site's staff origin, as an admin would have made it (written into the
 * database: needs the postgres engine), on a server that printed its first-start link long ago.
 */
export async function invite(server: WildAlertServer, role: StaffRole, name: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await server.sql(
    `INSERT INTO staff_invites (token_hash, name, role, expires_at) VALUES (sha256(convert_to($1, 'UTF8')), $2, $3, now() + interval '1 hour')`,
    [token, name, role],
  );
  return `${staffOrigin(server)}/WildAlertApp/staff/invite#${token}`;
}

/**
 * A member of staff signed in in this browser without the staff screens, for the tests of other
 * screens (moderation's photos, the pseudo-locale): an invite written into the database (as an
 * admin's would be), accepted over HTTP with a software passkey (test-support's StaffClient),
 * its session cookie handed to the browser. Needs the postgres engine (`wildalert.sql`).
 */
export async function signInWithoutScreens(page: Page, server: WildAlertServer, role: StaffRole = 'moderator', name = 'Moderator'): Promise<void> {
  const token = new URL(await invite(server, role, name)).hash.slice(1);
  const client = new StaffClient(server.origin);
  await client.acceptInvite(token);
  const session = [...client.cookies].filter(([cookie]) => cookie.endsWith('wildalert-session'));
  expect(session).toHaveLength(1);
  await page.context().addCookies(session.map(([cookie, value]) => ({ name: cookie, value, url: server.origin, httpOnly: true, sameSite: 'Lax' as const })));
}
