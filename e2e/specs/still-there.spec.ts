/**
 * "Is it still there?" (issue 19) on a 360 px phone: votes in the popup, counts that change
 * live on other visitors' maps, alerts drawn as past once out of date (by their animal's time,
 * or by "gone" votes), the list by last confirmation, and the add form's duplicate hint
 * confirming the existing alert instead of adding one. Old alerts are seeded straight into the
 * database (the API only stores them as "now").
 */
import type { Page } from '@playwright/test';
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, marker, PHONE, popup, restingBox } from '../support/app.ts';

// Votes count by network: the test's other visitors come "through the proxy" from networks of their own.
test.use({ serverOptions: { engine: 'postgres', env: { TRUST_PROXY: 'loopback' } }, viewport: PHONE, hasTouch: true, isMobile: true });

const near = (dLat: number, dLon: number) => ({ latitude: KRAKOW.latitude + dLat, longitude: KRAKOW.longitude + dLon });
const votesLine = (page: Page) => popup(page).getByTestId('alert-votes-line');
const stillThere = (page: Page) => popup(page).getByRole('button', { name: 'Nadal tu jest' });
const gone = (page: Page) => popup(page).getByRole('button', { name: 'Już go nie ma' });
const voted = (page: Page) => page.waitForResponse((r) => /\/Alerts\/[^/]+\/votes$/.test(r.url()));
const PAST = 'Prawdopodobnie już nieaktualne';

/** Makes an alert `hours` older (as if reported then); its last confirmation stays as it is. */
async function age(wildalert: WildAlertServer, id: string, hours: number) {
  await wildalert.sql(`UPDATE alerts SET created_at = created_at - make_interval(hours => $2) WHERE id = $1`, [id, hours]);
}

/** A vote from another client of the API, on the network of `from`. */
async function vote(wildalert: WildAlertServer, id: string, choice: 'still-there' | 'gone', from = '198.51.100.7') {
  const res = await fetch(`${wildalert.origin}/Alerts/${id}/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ vote: choice }),
  });
  expect(res.ok).toBe(true);
}

test('a vote shows at once, is remembered on the device, may be changed, and "gone" from enough networks draws the alert as past', async ({ page, context, wildalert }) => {
  const boar = await wildalert.createAlert({ ...near(0.004, 0), animal: 'boar', comments: 'Dzik pod sklepem' });
  await page.goto('');
  await marker(page, 'Dzik').tap();
  await expect(votesLine(page)).toHaveText('Czy nadal tu jest?');
  await expect(popup(page).getByTestId('alert-past')).toHaveCount(0);
  // Big enough for a thumb, and in view with the popup's other actions.
  for (const button of [stillThere(page), gone(page)]) {
    const box = (await restingBox(button))!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expect(popup(page).getByRole('button', { name: 'Zgłoś nadużycie' })).toBeInViewport({ ratio: 1 });
  await expect(stillThere(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await seriousA11yViolations(page)).toEqual([]);

  const first = voted(page);
  await stillThere(page).tap();
  expect((await first).status()).toBe(201);
  await expect(votesLine(page)).toHaveText('Potwierdzone 1× · ostatnio przed chwilą');
  await expect(stillThere(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(gone(page)).toHaveAttribute('aria-pressed', 'false');

  // After a reload: the counts, and which button this device chose.
  await page.reload();
  await marker(page, 'Dzik').tap();
  await expect(votesLine(page)).toHaveText('Potwierdzone 1× · ostatnio przed chwilą');
  await expect(stillThere(page)).toHaveAttribute('aria-pressed', 'true');

  // Offline: said in the visitor's language; nothing counted.
  await context.setOffline(true);
  await gone(page).tap();
  await expect(popup(page).getByRole('alert')).toHaveText('Brak połączenia — głos nie został wysłany. Spróbuj ponownie, gdy wróci.');
  await expect(stillThere(page)).toHaveAttribute('aria-pressed', 'true');
  await context.setOffline(false);

  // The other button changes the vote: one "gone" against the report (its reporter's "still there") is not enough.
  const second = voted(page);
  await gone(page).tap();
  expect((await second).status()).toBe(200);
  await expect(votesLine(page)).toHaveText('1 głos „już go nie ma”');
  await expect(gone(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(stillThere(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(popup(page).getByRole('alert')).toHaveCount(0);
  await expect(popup(page).getByTestId('alert-past')).toHaveCount(0);
  await expect(marker(page, 'Dzik')).not.toHaveClass(/wa-past/);

  // Two more networks say so, three against the lone report: probably gone, on the open map.
  await expect(page.locator('[data-live="live"]')).toBeAttached();
  await vote(wildalert, boar.id, 'gone', '198.51.100.7');
  await vote(wildalert, boar.id, 'gone', '203.0.113.7');
  await expect(votesLine(page)).toHaveText('3 głosy „już go nie ma”');
  await expect(popup(page).getByTestId('alert-past')).toHaveText(PAST);
  // The marker too, told apart by its name and a clock, not by colour alone.
  await expect(marker(page, 'Dzik')).toHaveAccessibleName(/^Dzik, przed chwilą, prawdopodobnie już nieaktualne — pokaż zgłoszenie$/);
  await expect(marker(page, 'Dzik')).toHaveClass(/wa-past/);
  await expect(marker(page, 'Dzik').locator('.wa-past-badge')).toBeVisible();
  const rows = await wildalert.sql<{ vote: string }>(`SELECT vote FROM alert_votes`);
  expect(rows).toEqual([{ vote: 'gone' }, { vote: 'gone' }, { vote: 'gone' }]);
});

test('a vote elsewhere changes the counts in an open popup, live, without reopening it', async ({ page, browser, wildalert }) => {
  const fox = await wildalert.createAlert({ ...near(0, 0.004), animal: 'fox', comments: 'Lis w parku' });
  await page.goto('');
  await expect(page.locator('[data-live="live"]')).toBeAttached();
  await marker(page, 'Lis').tap();
  await expect(votesLine(page)).toHaveText('Czy nadal tu jest?');
  await popup(page).evaluate((el) => ((el as unknown as { mark: string }).mark = 'first'));

  // Another visitor, in a browser of their own on another network, says it is still there.
  const other = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    baseURL: `${wildalert.origin}/WildAlertApp/`,
    extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.10' },
  });
  const theirs = await other.newPage();
  await theirs.goto('');
  await marker(theirs, 'Lis').tap();
  await stillThere(theirs).tap();
  await expect(votesLine(theirs)).toHaveText('Potwierdzone 1× · ostatnio przed chwilą');
  await other.close();

  await expect(votesLine(page)).toHaveText('Potwierdzone 1× · ostatnio przed chwilą');
  // Theirs, not this visitor's vote.
  await expect(stillThere(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await popup(page).evaluate((el) => (el as unknown as { mark?: string }).mark)).toBe('first');

  // Against the report and one "still there", three networks saying "gone" are not enough; a fourth is: past, on the open map.
  for (const from of ['198.51.100.7', '203.0.113.7', '198.51.101.7']) await vote(wildalert, fox.id, 'gone', from);
  await expect(votesLine(page)).toHaveText('Potwierdzone 1× · ostatnio przed chwilą · 3 głosy „już go nie ma”');
  await expect(popup(page).getByTestId('alert-past')).toHaveCount(0);
  await expect(marker(page, 'Lis')).not.toHaveClass(/wa-past/);
  await vote(wildalert, fox.id, 'gone', '203.0.114.7');
  await expect(votesLine(page)).toHaveText('Potwierdzone 1× · ostatnio przed chwilą · 4 głosy „już go nie ma”');
  await expect(popup(page).getByTestId('alert-past')).toHaveText(PAST);
  await expect(marker(page, 'Lis')).toHaveClass(/wa-past/);
  expect(await popup(page).evaluate((el) => (el as unknown as { mark?: string }).mark)).toBe('first');
});

test('an alert older than its animal\'s time is drawn as past and says so; the list keeps it, last confirmed first', async ({ page, wildalert }) => {
  // A badger stays current for 12 hours, a fox for 4, a boar for 6.
  const badger = await wildalert.createAlert({ ...near(0.015, -0.015), animal: 'badger', comments: 'Borsuk w nocy' });
  await age(wildalert, badger.id, 20);
  const fox = await wildalert.createAlert({ ...near(-0.015, -0.015), animal: 'fox', comments: 'Lis rano' });
  await age(wildalert, fox.id, 3);
  const boar = await wildalert.createAlert({ ...near(0.015, 0.015), animal: 'boar', comments: 'Dzik wczoraj, dziś znowu' });
  await age(wildalert, boar.id, 7);
  await wildalert.createAlert({ ...near(-0.015, 0.015), animal: 'hedgehog', comments: 'Jeż przed chwilą' });
  // Seen again now: the boar is current once more, and the last confirmed of all.
  await vote(wildalert, boar.id, 'still-there');

  await page.goto('');
  await expect(marker(page, 'Borsuk')).toHaveAccessibleName(/^Borsuk, .+, prawdopodobnie już nieaktualne — pokaż zgłoszenie$/);
  await expect(marker(page, 'Borsuk')).toHaveClass(/wa-past/);
  for (const current of ['Dzik', 'Lis', 'Jeż']) await expect(marker(page, current)).not.toHaveClass(/wa-past/);
  // The fox, three of its four hours gone, is fading.
  await expect(marker(page, 'Lis')).toHaveClass(/wa-age-/);
  await expect(marker(page, 'Jeż')).not.toHaveClass(/wa-age-/);
  await marker(page, 'Borsuk').tap();
  await expect(popup(page).getByTestId('alert-past')).toHaveText(PAST);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Lista', exact: true }).click();
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.getByRole('heading')).toHaveText(['Dzik', 'Jeż', 'Lis', 'Borsuk']);
  await expect(items.nth(0)).toContainText('potwierdzone przed chwilą');
  await expect(items.nth(3)).toContainText(PAST);
  for (const i of [0, 1, 2]) await expect(items.nth(i)).not.toContainText(PAST);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a marker grows old while the page is open', async ({ page, wildalert }) => {
  await page.clock.install();
  // A hare is current for 2 hours.
  await wildalert.createAlert({ ...near(0.004, 0.004), animal: 'hare' });
  await page.goto('');
  await expect(marker(page, 'Zając')).not.toHaveClass(/wa-past|wa-age-/);
  await page.clock.fastForward('01:10:00');
  await expect(marker(page, 'Zając')).toHaveClass(/wa-age-/);
  await page.clock.fastForward('01:00:00');
  await expect(marker(page, 'Zając')).toHaveClass(/wa-past/);
});

test('the add form confirms the same animal\'s recent alert nearby instead of adding another', async ({ page, wildalert }) => {
  const fox = await wildalert.createAlert({ ...KRAKOW, animal: 'fox', comments: 'Lis przy przystanku' });
  await page.goto('addAlert');
  const checked = page.waitForResponse((r) => r.url().includes('/Alerts?') && r.url().includes('Radius=0.2'));
  await page.getByRole('radio', { name: 'Lis' }).click();
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill(`${(KRAKOW.latitude + 0.0005).toFixed(6)}, ${KRAKOW.longitude.toFixed(6)}`);
  await page.getByRole('button', { name: 'Ustaw' }).click();
  expect((await checked).status()).toBe(200);
  const hint = page.getByTestId('duplicate-hint');
  const confirm = hint.getByRole('button', { name: 'Potwierdź to zgłoszenie' });
  await expect(confirm).toBeVisible();
  expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const sent = voted(page);
  await confirm.tap();
  expect((await sent).status()).toBe(201);
  await expect(page).toHaveURL(new RegExp(`/WildAlertApp/alerts/${fox.id}`));
  await expect(page.getByText('Dziękujemy! Potwierdzono, że nadal tu jest.')).toBeVisible();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Lis przy przystanku');
  await expect(votesLine(page)).toHaveText('Potwierdzone 1× · ostatnio przed chwilą');
  await expect(stillThere(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await wildalert.sql(`SELECT count(*)::int AS n FROM alerts`)).toEqual([{ n: 1 }]);
});
