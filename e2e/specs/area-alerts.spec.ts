/**
 * "Powiadamiaj mnie" on a phone: the sheet sets an area drawn on the map and offers its Atom
 * feed; where the browser has no Push API it says so and offers the feed instead. (Headless
 * Chromium has the Push API but no push service to subscribe with, so subscribing itself is
 * covered by the API's tests against a push-service stand-in, and the worker's handlers by
 * their unit test.)
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, PHONE } from '../support/app.ts';

const bell = (page: Page) => page.getByRole('button', { name: 'Powiadamiaj mnie o zgłoszeniach w pobliżu' });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Powiadamiaj mnie' });

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** Whether the area's circle is wholly on the map, above the sheet. */
async function circleClearOfSheet(page: Page): Promise<boolean> {
  const circle = await page.locator('path.wa-area-circle').boundingBox();
  // (Not by its role: the open sheet hides the rest of the page from assistive technology.)
  const map = await page.locator('#wa-map').boundingBox();
  const paper = await sheet(page).boundingBox();
  if (!circle || !map || !paper) return false;
  return circle.width > 20 && circle.y >= map.y && circle.y + circle.height <= paper.y && circle.x >= 0 && circle.x + circle.width <= map.x + map.width;
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow', serverOptions: { engine: 'postgres', env: {} } });

  test('the sheet sets a point and a radius drawn on the map, animals, and links the area\'s feed', async ({ page, wildalert }) => {
    await wildalert.createAlert({ ...KRAKOW, animal: 'boar', comments: 'Dzik <i> & "cudzysłów"' });
    await page.goto('');
    await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await bell(page).tap();
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page).getByText('Promień: 1 km')).toBeVisible();
    // The map's centre (no position here), a 1 km circle around it, all of it in view above the sheet.
    await expect(page.locator('path.wa-area-circle')).toHaveCount(1);
    await expect.poll(() => circleClearOfSheet(page)).toBe(true);

    await sheet(page).getByRole('slider').focus();
    await page.keyboard.press('ArrowRight');
    await expect(sheet(page).getByText('Promień: 1,5 km')).toBeVisible();
    await expect.poll(() => circleClearOfSheet(page)).toBe(true);
    await sheet(page).getByRole('button', { name: 'Dzik' }).tap();
    await expect(sheet(page).getByRole('button', { name: 'Dzik' })).toHaveAttribute('aria-pressed', 'true');

    const feed = sheet(page).getByRole('link', { name: 'Kanał Atom tego obszaru' });
    const href = await feed.getAttribute('href');
    const query = new URL(href!, wildalert.origin).searchParams;
    expect(Object.fromEntries(query)).toEqual({ Latitude: KRAKOW.latitude.toFixed(5), Longitude: KRAKOW.longitude.toFixed(5), Radius: '1.5', animal: 'boar', lang: 'pl' });
    const atom = await page.request.get(new URL(href!, wildalert.origin).href);
    expect(atom.status()).toBe(200);
    expect(await atom.text()).toContain('Dzik &lt;i&gt; &amp; "cudzysłów"');

    // Every control of the sheet is a finger's size.
    const small = await sheet(page)
      .locator('button, a, [role="slider"]')
      .evaluateAll((els) =>
        els
          .filter((el) => el.getAttribute('role') !== 'slider')
          .map((el) => ({ name: el.textContent, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.height < 44 || box.width < 44)
          .map(({ name, box }) => `${name}: ${box.width}×${box.height}`),
      );
    expect(small).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await sheet(page).getByRole('button', { name: 'Zamknij' }).tap();
    await expect(sheet(page)).toBeHidden();
    await expect(page.locator('path.wa-area-circle')).toHaveCount(0);
  });
});

test('without the Push API the sheet says so and offers the feed', async ({ page, wildalert }) => {
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await page.goto('');
  await bell(page).tap();
  await expect(sheet(page).getByText('Ta przeglądarka nie obsługuje powiadomień push.')).toBeVisible();
  await expect(sheet(page).getByText('Zamiast powiadomień możesz śledzić ten obszar w czytniku wiadomości:')).toBeVisible();
  await expect(sheet(page).getByRole('button', { name: 'Włącz powiadomienia' })).toHaveCount(0);
  const href = await sheet(page).getByRole('link', { name: 'Kanał Atom tego obszaru' }).getAttribute('href');
  const atom = await page.request.get(new URL(href!, wildalert.origin).href);
  expect(atom.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
