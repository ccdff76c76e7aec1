/**
 * "Moje zgłoszenia" (issue 34): the device lists the alerts it sent, the newest first, with their
 * state as the server tells it now, and offers to follow each. A resident sends a boar through
 * the add form on a 360 px phone; the header then leads to the list; a moderator confirms it and
 * the City Guard acknowledges it, and the list says so; a report a moderator hid says it is no
 * longer on the map. In English and Ukrainian, at 320 px and on a desktop, the same list in that
 * language, and the empty list before any report. Screenshots go to the test's output folder.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { Alert } from '@wildalert/shared';
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup, reportAggressiveBoar, usable } from '../support/app.ts';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const GUARD = 'Straż Miejska Miasta Krakowa';

/** A report sent as the app sends one: its Alert-Key is this device's proof (lib/my-reports.ts). */
async function sendReport(wildalert: WildAlertServer, body: Record<string, unknown>): Promise<{ alert: Alert; key: string }> {
  const res = await fetch(`${wildalert.origin}/Alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(201);
  return { alert: ((await res.json()) as { data: Alert }).data, key: res.headers.get('alert-key')! };
}

/** The device remembers these reports as the outbox does once each is stored, the last one newest. */
async function remembered(page: Page, reports: { alert: Alert; key: string }[]) {
  const stored = Object.fromEntries(reports.map(({ alert, key }, i) => [alert.id, { key, at: new Date(Date.now() - (reports.length - i) * 60_000).toISOString() }]));
  // At each page load (the init script's way): added to what the device has stored since, not in its place.
  await page.addInitScript((text) => {
    const now = JSON.parse(localStorage.getItem('wildalert-my-reports') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('wildalert-my-reports', JSON.stringify({ ...(JSON.parse(text) as Record<string, unknown>), ...now }));
  }, JSON.stringify(stored));
}

async function hide(wildalert: WildAlertServer, id: string) {
  const moderator = await wildalert.staffToken('moderator');
  const res = await fetch(`${wildalert.origin}/Alerts/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${moderator}` } });
  expect(res.status, await res.text()).toBe(204);
}

async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, height] of [[320, 568], [360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    await usable(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a resident finds the report they sent in "Moje zgłoszenia", confirmed and acknowledged, beside one a moderator hid', async ({ page, wildalert }, testInfo) => {
  const hidden = await sendReport(wildalert, { latitude: KRAKOW.latitude + 0.01, longitude: KRAKOW.longitude, animal: 'fox', comments: 'Lis w ogródku' });
  await hide(wildalert, hidden.alert.id);
  await remembered(page, [hidden]);

  await page.goto('addAlert');
  await reportAggressiveBoar(page);
  const [boar] = (await wildalert.searchAlerts({ Latitude: KRAKOW.latitude, Longitude: KRAKOW.longitude, Radius: 1 })).filter((a) => a.animal === 'boar');

  // The header's link, a finger's size, leads to the list: the boar just sent first.
  const link = page.getByRole('link', { name: 'Moje zgłoszenia' });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  await link.tap();
  await expect(page).toHaveTitle('Moje zgłoszenia — WildAlert');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(2);
  const first = cards.nth(0);
  await expect(first.getByRole('heading', { name: 'Dzik' })).toBeVisible();
  await expect(first).toContainText('agresywne');
  await expect(first).toContainText('Wysłane ');
  await expect(first).toContainText('Jeszcze niesprawdzone');
  await expect(first).toContainText('Żadna służba jeszcze nie odpowiedziała.');
  await expect(first.getByTestId('follow-report')).toBeVisible();
  await expect(cards.nth(1)).toHaveText(/Tego zgłoszenia nie ma już na mapie: ukryła je moderacja\./);
  await expect(cards.nth(1).getByRole('button', { name: 'Spróbuj ponownie' })).toHaveCount(0);

  // A moderator confirms it and the City Guard acknowledges it: the list, opened again, says both.
  const moderator = await wildalert.staffToken('moderator');
  const confirm = await fetch(`${wildalert.origin}/moderation/alerts/${boar!.id}/verification`, {
    method: 'POST',
    headers: { authorization: `Bearer ${moderator}`, 'content-type': 'application/json' },
    body: JSON.stringify({ level: 'confirmed' }),
  });
  expect(confirm.status, await confirm.text()).toBe(200);
  const admin = await wildalert.staffToken('admin');
  const auth = { authorization: `Bearer ${admin}` };
  const organisations = (await (await fetch(`${wildalert.origin}/staff/organisations`, { headers: auth })).json()) as { data: { id: string; name: { pl: string } }[] };
  const guard = organisations.data.find((o) => o.name.pl === GUARD)!.id;
  const step = await fetch(`${wildalert.origin}/staff/organisations/${guard}/inbox/${boar!.id}/status`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'acknowledged' }),
  });
  expect(step.status, await step.text()).toBe(200);
  await page.reload();
  await expect(first.getByTestId('verification')).toHaveText(/^✓Potwierdzone · moderator/);
  await expect(first).toContainText(`${GUARD}: przyjęte`);
  await expect(first).not.toContainText('Jeszcze niesprawdzone');
  await shots(page, testInfo, 'my-reports-pl');

  // "Pokaż na mapie" opens it on the map, its popup open.
  await page.setViewportSize(PHONE);
  await first.getByRole('link', { name: 'Pokaż na mapie' }).tap();
  await expect(page).toHaveURL(new RegExp(`/alerts/${boar!.id}`));
  await expect(popup(page)).toContainText('Dzik');
});

const LANGUAGES = [
  { lang: 'en', locale: 'en-GB', link: 'My reports', hare: 'Hare', unverified: 'Not checked yet', gone: 'This report is no longer on the map: moderators hid it.', empty: 'No report has been sent from this device yet.', add: 'Add a report' },
  { lang: 'uk', locale: 'uk-UA', link: 'Мої повідомлення', hare: 'Заєць', unverified: 'Ще не перевірено', gone: 'Цього повідомлення вже немає на мапі: його приховали модератори.', empty: 'З цього пристрою ще не надіслано жодного повідомлення.', add: 'Додати повідомлення' },
] as const;

for (const l of LANGUAGES) {
  test.describe(l.lang, () => {
    test.use({ locale: l.locale });

    test('the list speaks the visitor\'s language, at 320 px and on a desktop, and says when it is empty', async ({ page, wildalert }, testInfo) => {
      await page.goto('my-reports');
      await expect(page.getByText(l.empty)).toBeVisible();
      await expect(page.getByRole('link', { name: l.add })).toBeVisible();
      // No report yet: the header offers no list.
      await expect(page.getByRole('link', { name: l.link })).toHaveCount(0);
      await usable(page);

      const hare = await sendReport(wildalert, { ...KRAKOW, animal: 'hare', howMany: 'two-to-five' });
      const gone = await sendReport(wildalert, { latitude: KRAKOW.latitude + 0.01, longitude: KRAKOW.longitude, animal: 'fox' });
      await hide(wildalert, gone.alert.id);
      await remembered(page, [gone, hare]);
      await page.goto('');
      await page.getByRole('link', { name: l.link }).click();
      const cards = page.locator('main article');
      await expect(cards.nth(0).getByRole('heading', { name: l.hare })).toBeVisible();
      await expect(cards.nth(0)).toContainText(l.unverified);
      await expect(cards.nth(1)).toHaveText(new RegExp(l.gone.replace('.', '\\.')));
      await shots(page, testInfo, `my-reports-${l.lang}`);
    });
  });
}
