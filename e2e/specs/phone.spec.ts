/**
 * The map screen on a phone: Back from an alert opened in the list, list rows as whole tap
 * targets, filters that do not jump, a toolbar that fits 320 px, a map that keeps the height in
 * landscape, tiles that come back with the connection, and the keyboard's short way in.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, marker, PHONE, popup, sidewaysOverflow } from '../support/app.ts';

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' });
const listRegion = (page: Page) => page.getByRole('region', { name: /^Zgłoszenia: \d+$/ });
const boxes = (buttons: Locator) =>
  buttons.evaluateAll((els) => els.map((el) => JSON.stringify(el.getBoundingClientRect().toJSON())));

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('Back after opening an alert from the list returns to the list, where it was scrolled to', async ({ page, wildalert }) => {
    for (let i = 0; i < 12; i++) {
      await wildalert.createAlert({ latitude: KRAKOW.latitude + i * 0.002, longitude: KRAKOW.longitude, animal: 'fox', comments: `Lis numer ${i}` });
    }
    await page.goto('');
    await page.getByRole('button', { name: 'Lista', exact: true }).tap();
    await expect(page.getByRole('heading', { name: 'Zgłoszenia: 12' })).toBeVisible();
    // Newest first: the first one reported is at the bottom.
    const row = page.getByRole('listitem').filter({ has: page.getByText('Lis numer 1', { exact: true }) });
    await row.scrollIntoViewIfNeeded();
    const scrolled = await listRegion(page).evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(100);

    await row.getByRole('link').tap();
    await expect(popup(page).getByTestId('alert-comments')).toHaveText('Lis numer 1');
    await expect(page).toHaveURL(/\/alerts\/[0-9a-f-]{36}/);

    await page.goBack();
    await expect(page).toHaveURL(/\/WildAlertApp\/\?(.*&)?view=list/);
    await expect(page.getByRole('heading', { name: 'Zgłoszenia: 12' })).toBeVisible();
    await expect.poll(() => listRegion(page).evaluate((el) => el.scrollTop)).toBe(scrolled);
    await expect(row).toBeInViewport();
  });

  test('a whole list row opens its alert: one link per row, at least 44 px tall', async ({ page, wildalert }) => {
    await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar', comments: 'Przy Wawelu' });
    await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.01, longitude: KRAKOW.longitude, animal: 'hare' });
    await page.goto('?view=list');
    const rows = page.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      const links = row.getByRole('link');
      await expect(links).toHaveCount(1);
      const item = (await row.boundingBox())!;
      const link = (await links.boundingBox())!;
      expect(link.height).toBeGreaterThanOrEqual(44);
      expect(link.width).toBeGreaterThanOrEqual(item.width - 2);
    }
    // The comment names the row's link for a screen reader, after its name.
    const boar = rows.filter({ hasText: 'Przy Wawelu' }).getByRole('link');
    await expect(boar).toHaveAccessibleName(/^Dzik, przed chwilą — pokaż na mapie$/);
    await expect(boar).toHaveAccessibleDescription(/Przy Wawelu/);
    // A tap on the row's last line, far from the animal's name, opens it.
    await rows.filter({ hasText: 'Przy Wawelu' }).getByText(/km$|m$/).tap();
    await expect(popup(page).getByTestId('alert-comments')).toHaveText('Przy Wawelu');
    await page.getByRole('button', { name: 'Lista', exact: true }).tap();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('at 320 px the list comes first: the downloads fold under one button, and no row ends under the add button', async ({ page, wildalert }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    for (let i = 0; i < 8; i++) {
      await wildalert.createAlert({ latitude: KRAKOW.latitude + i * 0.002, longitude: KRAKOW.longitude, animal: 'hare', comments: `Zając ${i}` });
    }
    await page.goto('?view=list');
    const rows = page.getByRole('listitem');
    await expect(rows).toHaveCount(8);
    // The heading, the download button and the note above the first row: not the top third of the list.
    const list = (await listRegion(page).boundingBox())!;
    const first = (await rows.first().boundingBox())!;
    expect(first.y - list.y).toBeLessThan(140);
    // Scrolled to any place, the list ends above the add button: a tap on a row never lands on it.
    const add = (await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).boundingBox())!;
    expect(list.y + list.height).toBeLessThanOrEqual(add.y);
    await listRegion(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const last = rows.last();
    await expect(last).toBeInViewport();
    const box = (await last.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width - 6, box.y + box.height / 2);
    await expect(popup(page).getByTestId('alert-comments')).toHaveText('Zając 0');
  });

  test('choosing a filter moves no other button', async ({ page }) => {
    await page.goto('');
    const animals = page.getByRole('group', { name: 'Zwierzęta' }).getByRole('button');
    const windows = page.getByRole('group', { name: 'Okres' }).getByRole('button');
    const views = page.getByRole('group', { name: 'Widok' }).getByRole('button');
    await expect(animals.first()).toBeVisible();
    // At 360 px "Tylko potwierdzone" comes first and the animals follow off screen: the visitor
    // scrolls the row to the boar first (the tap would otherwise scroll it, and move every chip).
    await page.getByRole('button', { name: 'Dzik', exact: true }).scrollIntoViewIfNeeded();
    const before = [await boxes(animals), await boxes(windows), await boxes(views)];

    await page.getByRole('button', { name: 'Dzik', exact: true }).tap();
    await page.getByRole('button', { name: '30 dni', exact: true }).tap();
    await expect(page.getByRole('button', { name: 'Dzik', exact: true, pressed: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '30 dni', exact: true, pressed: true })).toBeVisible();
    expect([await boxes(animals), await boxes(windows), await boxes(views)]).toEqual(before);
  });

  test('tiles that failed while offline load when the connection returns', async ({ page, context }) => {
    await page.goto('');
    const tiles = page.locator('.leaflet-tile-container img.leaflet-tile');
    const broken = () => tiles.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 0).length);
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();

    await context.setOffline(true);
    // Zoomed in (from the keyboard: a touch screen has no zoom buttons), the map needs tiles it has never loaded.
    await page.locator('.leaflet-container').focus();
    await page.keyboard.press('+');
    await expect.poll(broken).toBeGreaterThan(0);

    await context.setOffline(false);
    await expect.poll(broken).toBe(0);
    await expect.poll(() => page.locator('.leaflet-tile-container img.leaflet-tile:not(.leaflet-tile-loaded)').count()).toBe(0);
  });
});

test('at 320 × 640 every control of the toolbar is whole on screen, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('');
  await expect(page.getByRole('button', { name: 'Lista', exact: true })).toBeVisible();
  const controls = [
    ...(await page.getByRole('group', { name: 'Okres' }).getByRole('button').all()),
    ...(await page.getByRole('group', { name: 'Widok' }).getByRole('button').all()),
    page.getByRole('link', { name: 'WildAlert — mapa zgłoszeń' }),
    page.getByRole('link', { name: 'Dodaj zgłoszenie' }),
  ];
  expect(controls.length).toBe(8);
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    const name = (await control.textContent()) || (await control.getAttribute('aria-label'));
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(320);
    expect(Math.min(box.width, box.height), `${name} is large enough to tap`).toBeGreaterThanOrEqual(44);
    // Not hidden under a neighbour, nor clipped by a scrolling row.
    const hit = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return [r.left + 2, r.right - 2].every((x) => el.contains(document.elementFromPoint(x, r.top + r.height / 2)));
    });
    expect(hit, `${name} is whole`).toBe(true);
  }
  // The animal chips are one row that scrolls by itself; the page does not.
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const rowScrolls = await page
    .getByRole('group', { name: 'Widok' })
    .evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
  expect(rowScrolls).toBeLessThanOrEqual(0);
});

test.describe('in landscape on a phone', () => {
  test.use({ viewport: { width: 740, height: 360 }, hasTouch: true, isMobile: true });

  test('the map keeps most of the height, and every filter is still there', async ({ page }) => {
    await page.goto('');
    await expect(page.getByRole('button', { name: 'Lista', exact: true })).toBeVisible();
    const map = (await mapRegion(page).boundingBox())!;
    expect(map.height).toBeGreaterThanOrEqual(0.6 * 360);
    for (const name of ['24 h', 'Wszystkie', 'Mapa', 'Lista', 'Tylko potwierdzone', 'Wszystkie zwierzęta']) {
      const button = page.getByRole('button', { name, exact: true });
      // The chips' row scrolls sideways: a chip at its end is reached by scrolling the row, not the page.
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width, name).toBeLessThanOrEqual(740);
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test('the keyboard reaches "Dodaj zgłoszenie" within a few Tabs, and the skip links work', async ({ page, wildalert }) => {
  for (let i = 0; i < 6; i++) {
    await wildalert.createAlert({ latitude: KRAKOW.latitude + (i - 3) * 0.01, longitude: KRAKOW.longitude + i * 0.01, animal: 'boar' });
  }
  await page.goto('');
  await expect(marker(page, 'Dzik')).toHaveCount(6);
  const add = page.getByRole('link', { name: 'Dodaj zgłoszenie' });
  const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
  let presses = 0;
  while (presses < 80 && !(await focused(add))) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(presses).toBeLessThanOrEqual(5);

  // The first Tab shows the skip link; it leads past the header into the screen.
  await page.reload();
  await expect(marker(page, 'Dzik')).toHaveCount(6);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Przejdź do treści' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
  const box = (await skip.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(24);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  await expect(page.getByRole('link', { name: 'WildAlert — mapa zgłoszeń' })).not.toBeFocused();

  // "Przejdź do mapy" skips the filters: the map itself has the focus, and its keys work.
  const toMap = page.getByRole('link', { name: 'Przejdź do mapy' });
  for (let i = 0; i < 5 && !(await focused(toMap)); i++) await page.keyboard.press('Tab');
  await expect(toMap).toBeFocused();
  await expect(toMap).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(mapRegion(page)).toBeFocused();
  await page.keyboard.press('+');
  await expect(page).toHaveURL(/z=14/);
  // The skip link hides again once the focus has left it.
  await expect(skip).not.toBeInViewport();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
