/**
 * Staff with passkeys, in Chromium's virtual authenticator: the first admin registers from the
 * link the server printed at its first start, moderates through the session, finds it in the
 * audit log, signs out and in again (a server of its own: the first-start link is printed at a
 * start); on a desktop, an admin from an invite makes an API token, shown once, and an invite,
 * made and revoked.
 */
import type { Page } from '@playwright/test';
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { KRAKOW, PHONE, usable } from '../support/app.ts';
import { addAuthenticator, firstAdminLink, invite, staffOrigin } from '../support/staff.ts';

/** A staff screen at the site's staff origin (localhost: passkeys belong to a domain). */
const at = (server: WildAlertServer, path: string) => `${staffOrigin(server)}/WildAlertApp/${path}`;

/** Each test walks a whole story (a dozen screens and axe on several): more than one screen's test takes on a busy machine. */
const STORY_TIMEOUT = 90_000;

/** The session as the page's own requests see it: GET /staff/me's status. */
const meStatus = (page: Page) => page.evaluate(async () => (await fetch('/staff/me')).status);

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true, serverOptions: { engine: 'postgres', env: { STAFF_SPEC: 'phone' } } });

  test('the first admin registers a passkey from the first-start link, hides a report through the session, finds it in the log, and signs in again', async ({ page, wildalert }) => {
    test.setTimeout(STORY_TIMEOUT);
    const alert = await wildalert.createAlert({ ...KRAKOW, animal: 'boar', comments: 'Reklama: tanie opony' });
    const reported = await fetch(`${wildalert.origin}/Alerts/${alert.id}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Spam' }),
    });
    expect(reported.status).toBe(201);
    const authenticator = await addAuthenticator(page);
    const link = await firstAdminLink(wildalert);
    const token = new URL(link).hash.slice(1);

    // The invite: its secret leaves the address at once, and the history has no entry with it.
    await page.goto(link);
    await expect(page.getByText('Zaproszenie dla: Admin, rola: administrator.')).toBeVisible();
    expect(page.url()).toBe(at(wildalert, 'staff/invite'));
    expect(await page.evaluate(() => window.history.length)).toBe(2); // about:blank, then this page
    await usable(page);
    await page.getByRole('textbox', { name: 'Twoje imię i nazwisko' }).fill('Ewa Zielińska');
    await page.getByRole('textbox', { name: 'Nazwa klucza (opcjonalnie)' }).fill('Telefon');
    await page.getByRole('button', { name: 'Utwórz klucz dostępu' }).tap();

    // Signed in, on the moderation screen: the passkey is this site's, on this phone.
    await expect(page).toHaveURL(at(wildalert, 'moderation'));
    await expect(page.getByRole('heading', { level: 1, name: 'Moderacja' })).toBeVisible();
    expect((await authenticator.passkeys()).map((p) => p.rpId)).toEqual(['localhost']);
    // The session is a cookie the page's scripts never see (HttpOnly), and nothing of it is stored.
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);
    const nav = page.getByRole('navigation', { name: 'Menu obsługi' });
    await expect(nav.getByRole('link')).toHaveText(['Zgłoszenia', 'Komunikaty', 'Pulpit', 'Moderacja', 'Organizacje', 'Osoby', 'Dziennik', 'Moje konto']);
    const card = page.getByTestId('moderation-reported').getByRole('article', { name: 'Dzik' });
    await expect(card).toContainText('Reklama: tanie opony');
    await usable(page);

    // A decision through the session (cookie and CSRF token): the alert leaves the public map.
    await card.getByRole('button', { name: 'Ukryj zgłoszenie' }).tap();
    await expect(page.getByText('Zgłoszenie ukryte.')).toBeVisible();
    expect((await fetch(`${wildalert.origin}/Alerts/${alert.id}`)).status).toBe(404);

    // The log says who did it, newest first.
    await nav.getByRole('link', { name: 'Dziennik' }).tap();
    const entries = page.getByTestId('audit-entry');
    await expect(entries.first()).toContainText('Ukryto zgłoszenie');
    await expect(entries.first()).toContainText('Kto: Ewa Zielińska');
    await expect(entries.last()).toContainText('Utworzono zaproszenie');
    await usable(page);

    // The invite is used up: the same link again is refused.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(/zostało już użyte lub cofnięte/);
    expect(page.url()).not.toContain(token);

    // Signed out: the moderation screen offers the way in, which returns here.
    await page.goto(at(wildalert, 'moderation'));
    await page.getByRole('navigation', { name: 'Menu obsługi' }).getByRole('button', { name: 'Wyloguj' }).tap();
    await expect(page).toHaveURL(at(wildalert, 'staff/sign-in'));
    expect(await meStatus(page)).toBe(401);
    await usable(page);
    await page.goto(at(wildalert, 'moderation'));
    await page.getByRole('link', { name: 'Przejdź do logowania' }).tap();
    await page.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }).tap();
    await expect(page).toHaveURL(at(wildalert, 'moderation'));
    await expect(page.getByTestId('moderation-hidden').getByRole('article', { name: 'Dzik' })).toBeVisible();
    expect(await meStatus(page)).toBe(200);
  });
});

test.describe('on a desktop', () => {
  // The server every spec shares (its first-start link long used up): an admin's invite instead.
  test.use({ locale: 'en-GB' });

  test('an admin makes an API token (shown once, revocable) and an invite (its link shown once, revocable)', async ({ page, wildalert, context }) => {
    test.setTimeout(STORY_TIMEOUT);
    await addAuthenticator(page);
    await page.goto(await invite(wildalert, 'admin', 'Ada Admin'));
    await expect(page.getByText('Invitation for Ada Admin, as admin.')).toBeVisible();
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();

    // An API token for a script: shown once, works as a Bearer token, stops when revoked.
    await page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link', { name: 'My account' }).click();
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByRole('textbox', { name: 'Token name' }).fill('nightly export');
    await tokens.getByRole('combobox', { name: 'Token role' }).click();
    await page.getByRole('option', { name: 'moderator' }).click();
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secret = tokens.getByTestId('secret-once');
    await expect(secret).toContainText('Copy it now: it will not be shown again.');
    const token = (await secret.locator('code').textContent())!;
    expect(token).toMatch(/^wa_/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await secret.getByRole('button', { name: 'Copy' }).click();
    await expect(secret.getByRole('status')).toHaveText('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await usable(page);
    const asScript = () => fetch(`${wildalert.origin}/moderation/reports`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await asScript()).toBe(200);
    await secret.getByRole('button', { name: 'Done, hide it' }).click();
    await expect(secret).toBeHidden();

    // An invite: its link shown once, then only its name; revoked, the link no longer works.
    await page.getByRole('link', { name: 'People' }).click();
    const invites = page.getByRole('region', { name: 'Invite someone' });
    await invites.getByRole('textbox', { name: 'Name' }).fill('Jan Nowak');
    await invites.getByRole('button', { name: 'Create invitation' }).click();
    const link = (await invites.getByTestId('secret-once').locator('code').textContent())!;
    expect(link).toMatch(/\/WildAlertApp\/staff\/invite#.+/);
    await expect(invites.getByRole('listitem')).toContainText(['Jan Nowak']);
    await expect(page.getByRole('region', { name: 'People' }).getByRole('listitem')).toContainText(['Ada Admin']);
    await usable(page);
    await invites.getByRole('button', { name: 'Revoke' }).click();
    await invites.getByRole('button', { name: 'Really revoke?' }).click();
    await expect(invites.getByText('No open invitations.')).toBeVisible();
    const check = await fetch(`${wildalert.origin}/staff/invites/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(link).hash.slice(1) }),
    });
    expect(check.status).toBe(404);

    // Back on my account, the token is listed by its name only; revoked, the script is refused.
    await page.getByRole('link', { name: 'My account' }).click();
    await expect(tokens.getByText('nightly export')).toBeVisible();
    expect(await page.content()).not.toContain(token);
    await tokens.getByRole('button', { name: 'Revoke' }).click();
    await tokens.getByRole('button', { name: 'Really revoke?' }).click();
    await expect(tokens.getByText('No tokens.')).toBeVisible();
    expect(await asScript()).toBe(401);

    // A single sign-on failure, sent back to the sign-in screen, said in words.
    await page.goto(at(wildalert, 'staff/sign-in?error=sso_role'));
    await expect(page.getByRole('alert')).toHaveText('Your city account has no role in WildAlert. Ask an admin for access.');
  });
});
