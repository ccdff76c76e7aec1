/**
 * E-mail area alerts in the browser (issue 34), on a 360 px phone in Polish, English and
 * Ukrainian: the area sheet's "by e-mail" form sends a confirmation link (a real SMTP server on
 * loopback receives it, in the app's language), the link's page confirms with its button, and
 * the mail's unsubscribe page ends it. Without SMTP the sheet offers no e-mail.
 */
import type { Page } from '@playwright/test';
import { freePort, startSmtpInbox, type ReceivedMail, type SmtpInbox } from '@wildalert/test-support';
import { expect, startWildAlert, test } from '../support/fixtures.ts';
import { PHONE, usable } from '../support/app.ts';

const SHOTS = process.env.WILDALERT_SHOTS_DIR;

const LANGUAGES = [
  {
    lang: 'pl',
    bell: 'Powiadamiaj mnie o zgłoszeniach w pobliżu',
    sheet: 'Powiadamiaj mnie',
    section: 'E-mailem',
    address: 'Adres e-mail',
    hourly: 'Co godzinę',
    submit: 'Wyślij link potwierdzający',
    sent: 'Sprawdź skrzynkę',
    subject: 'Potwierdź powiadomienia e-mail WildAlert',
    confirmTitle: 'Potwierdź powiadomienia e-mail',
    confirm: 'Potwierdzam',
    confirmed: 'Gotowe.',
    unsubscribe: 'Wypisz mnie',
    unsubscribed: 'Wypisano.',
  },
  {
    lang: 'en',
    bell: 'Notify me about reports nearby',
    sheet: 'Notify me',
    section: 'By e-mail',
    address: 'E-mail address',
    hourly: 'Hourly',
    submit: 'Send a confirmation link',
    sent: 'Check the inbox of',
    subject: 'Confirm your WildAlert e-mail alerts',
    confirmTitle: 'Confirm e-mail alerts',
    confirm: 'Confirm',
    confirmed: 'Done.',
    unsubscribe: 'Unsubscribe',
    unsubscribed: 'Unsubscribed.',
  },
  {
    lang: 'uk',
    bell: 'Сповіщати мене про повідомлення поблизу',
    sheet: 'Сповіщати мене',
    section: 'Електронною поштою',
    address: 'Адреса електронної пошти',
    hourly: 'Щогодини',
    submit: 'Надіслати посилання для підтвердження',
    sent: 'Перевірте скриньку',
    subject: 'Підтвердьте сповіщення WildAlert електронною поштою',
    confirmTitle: 'Підтвердьте сповіщення електронною поштою',
    confirm: 'Підтверджую',
    confirmed: 'Готово.',
    unsubscribe: 'Відписатися',
    unsubscribed: 'Ви відписалися.',
  },
] as const;

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** Screenshots at 320 px, 360 px and a desktop, for a person to look at (WILDALERT_SHOTS_DIR). */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const size of [{ width: 320, height: 640 }, PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png` });
  }
  await page.setViewportSize(PHONE);
}

test.describe('with an SMTP relay', () => {
  // Four steps, each looked at with axe and, when asked, photographed at three widths.
  test.describe.configure({ timeout: 120_000 });
  let inbox: SmtpInbox;
  let server: Awaited<ReturnType<typeof startWildAlert>>;

  test.beforeAll(async ({}, testInfo) => {
    // A server of its own (its SMTP relay and PUBLIC_URL), started on this busy host.
    testInfo.setTimeout(180_000);
    inbox = await startSmtpInbox();
    const port = await freePort();
    server = await startWildAlert({
      engine: 'postgres',
      env: { PORT: String(port), SMTP_URL: inbox.url, MAIL_FROM: 'WildAlert <alerts@wildalert.example>', PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await server?.database.drop();
    await inbox?.close();
  });

  /** The mail's link to `page` (confirm, unsubscribe), as it reads in the text. */
  const linkIn = (mail: ReceivedMail, to: 'confirm' | 'unsubscribe') => new RegExp(`http://\\S+/WildAlertApp/email/${to}\\?\\S+`).exec(mail.parsed.text ?? '')?.[0];

  for (const l of LANGUAGES) {
    test(`in ${l.lang}: the sheet's form sends a confirmation link in that language, whose page confirms, and the unsubscribe page ends it`, async ({ page }) => {
      const address = `resident-${l.lang}@mail.example`;
      await page.goto(`${server.origin}/WildAlertApp/?lang=${l.lang}`);
      await page.getByRole('button', { name: l.bell }).tap();
      const sheet = page.getByRole('dialog', { name: l.sheet });
      const form = sheet.getByRole('form', { name: l.section });
      await form.scrollIntoViewIfNeeded();
      await expect(form).toBeVisible();
      await form.getByLabel(l.address).fill(address);
      await form.getByRole('button', { name: l.hourly }).tap();
      await expect(form.getByRole('button', { name: l.hourly })).toHaveAttribute('aria-pressed', 'true');
      await form.getByRole('button', { name: l.submit }).tap();
      await expect(form.getByRole('status')).toContainText(`${l.sent} ${address}`);
      const box = await form.getByRole('button', { name: l.submit }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await usable(page);
      await shots(page, `sheet-${l.lang}`);

      await expect.poll(() => inbox.to(address).length).toBe(1);
      const mail = inbox.to(address)[0]!;
      expect(mail.parsed.subject).toBe(l.subject);
      expect(mail.header('content-language')).toBe(l.lang);

      await page.goto(linkIn(mail, 'confirm')!);
      await expect(page.getByRole('heading', { level: 1, name: l.confirmTitle })).toBeVisible();
      await usable(page);
      await shots(page, `confirm-${l.lang}`);
      await page.getByRole('button', { name: l.confirm }).tap();
      await expect(page.getByRole('status')).toContainText(l.confirmed);
      await expect(page.getByRole('status')).toContainText(address);
      await shots(page, `confirmed-${l.lang}`);

      await page.goto(linkIn(mail, 'unsubscribe')!);
      await page.getByRole('button', { name: l.unsubscribe, exact: true }).tap();
      await expect(page.getByRole('status')).toContainText(l.unsubscribed);
      await usable(page);
      await shots(page, `unsubscribed-${l.lang}`);
    });
  }
});

test('without SMTP the sheet offers no e-mail, and the rest of it works', async ({ page, wildalert }) => {
  await page.goto(`${wildalert.origin}/WildAlertApp/?lang=en`);
  await page.getByRole('button', { name: 'Notify me about reports nearby' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Notify me' });
  await expect(sheet.getByRole('link', { name: 'Atom feed of this area' })).toBeVisible();
  await expect(sheet.getByText('By e-mail')).toHaveCount(0);
});
