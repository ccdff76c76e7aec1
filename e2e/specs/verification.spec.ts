/**
 * Trust at a glance (issue 35) on a 360 px phone, in Polish, English and Ukrainian: an open map's
 * popup shows a moderator's correction live, with both animals and the note; in each language too,
 * the list shows the level's line, and "confirmed only" leaves the rest off the map and the list; screenshots at 320,
 * 360 and 1280 px go to SHOTS_DIR when it is set.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup, usable } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

const STORIES = [
  { lang: 'pl', locale: 'pl-PL', corrected: '✓Poprawiono: Lis → Dzik · moderator' },
  { lang: 'en', locale: 'en-GB', corrected: '✓Corrected: Fox → Wild boar · moderator' },
  { lang: 'uk', locale: 'uk-UA', corrected: '✓Виправлено: Лисиця → Дикий кабан · модератор' },
] as const;

for (const s of STORIES) {
  test.describe(s.lang, () => {
    test.use({ locale: s.locale });

    test("an open map's popup shows a moderator's correction live, with both animals and the note", async ({ page, wildalert }) => {
      const moderator = await wildalert.staffToken('moderator');
      const alert = await wildalert.createAlert({ ...KRAKOW, animal: 'fox', comments: 'Przy przystanku' });
      await page.goto('');
      await expect(page.locator('[data-live="live"]')).toBeAttached();
      await page.locator('.leaflet-marker-icon').click();
      await expect(popup(page).getByTestId('alert-comments')).toHaveText('Przy przystanku');
      // Unverified: no level line.
      await expect(popup(page).getByTestId('verification')).toHaveCount(0);

      const res = await fetch(`${wildalert.origin}/moderation/alerts/${alert.id}/verification`, {
        method: 'POST',
        headers: { authorization: `Bearer ${moderator}`, 'content-type': 'application/json' },
        body: JSON.stringify({ level: 'corrected', animal: 'boar', note: 'Na zdjęciu dzik.' }),
      });
      expect(res.status, await res.text()).toBe(200);
      await expect(popup(page).getByTestId('verification')).toHaveText(s.corrected);
      // When, on the clock: the correction was made a moment ago, today.
      await expect(popup(page).getByTestId('verification-time')).toHaveText(/^\d{1,2}:\d{2}( [AP]M)?$/);
      await expect(popup(page).getByTestId('verification-note')).toHaveText('Na zdjęciu dzik.');
      await usable(page);
      const dir = process.env.SHOTS_DIR;
      if (dir) {
        for (const width of [360, 320, 1280]) {
          await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
          await expect(popup(page).getByTestId('verification')).toBeVisible();
          await page.screenshot({ path: `${dir}/verification-${s.lang}-${width}.png` });
        }
      }
    });
  });
}

const VIEWS = [
  { lang: 'pl', locale: 'pl-PL', only: 'Tylko potwierdzone', list: 'Lista', fox: 'Lis', boar: 'Dzik', confirmed: '✓Potwierdzone · moderator' },
  { lang: 'en', locale: 'en-GB', only: 'Confirmed only', list: 'List', fox: 'Fox', boar: 'Wild boar', confirmed: '✓Confirmed · moderator' },
  { lang: 'uk', locale: 'uk-UA', only: 'Лише підтверджені', list: 'Список', fox: 'Лисиця', boar: 'Дикий кабан', confirmed: '✓Підтверджено · модератор' },
] as const;

/** An alert's marker by its animal's name in any language ("Fox, 2 minutes ago — show the report"). */
const markerOf = (page: Page, animal: string) => page.getByRole('button', { name: new RegExp(`^${animal}, .+ — `) });

for (const v of VIEWS) {
  test.describe(`${v.lang}, the list and the map`, () => {
    test.use({ locale: v.locale });

    test('the list shows the level as the popup does; "confirmed only" asks for confirmed alerts and keeps it in the address', async ({ page, wildalert }) => {
      const moderator = await wildalert.staffToken('moderator');
      const fox = await wildalert.createAlert({ ...KRAKOW, animal: 'fox', comments: 'Lis przy parku' });
      await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.004, longitude: KRAKOW.longitude, animal: 'boar', comments: 'Dzik przy drodze' });
      const res = await fetch(`${wildalert.origin}/moderation/alerts/${fox.id}/verification`, {
        method: 'POST',
        headers: { authorization: `Bearer ${moderator}`, 'content-type': 'application/json' },
        body: JSON.stringify({ level: 'confirmed' }),
      });
      expect(res.status, await res.text()).toBe(200);

      const tiles: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/Alerts/tiles/')) tiles.push(r.url());
      });
      // Close enough to see both, far enough apart not to be one cluster.
      await page.goto(`?lang=${v.lang}&lat=${(KRAKOW.latitude + 0.002).toFixed(5)}&lng=${KRAKOW.longitude}&z=16`);
      await expect(markerOf(page, v.fox)).toBeVisible();
      await expect(markerOf(page, v.boar)).toBeVisible();
      const confirmedOnly = page.getByRole('button', { name: v.only });
      // Whole on screen at 360 px, and large enough to tap.
      const box = (await confirmedOnly.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      await confirmedOnly.click();
      await expect(confirmedOnly).toHaveAttribute('aria-pressed', 'true');
      await expect(markerOf(page, v.boar)).toHaveCount(0);
      await expect(markerOf(page, v.fox)).toBeVisible();
      expect(tiles.some((url) => new URL(url).searchParams.get('verification') === 'confirmed')).toBe(true);
      await expect(page).toHaveURL(/verification=confirmed/);

      const shoot = async (name: string) => {
        const dir = process.env.SHOTS_DIR;
        if (!dir) return;
        for (const width of [360, 320]) {
          await page.setViewportSize({ width, height: 740 });
          await page.screenshot({ path: `${dir}/${name}-${v.lang}-${width}.png` });
        }
        await page.setViewportSize(PHONE);
      };
      await shoot('confirmed-only-map');

      await page.getByRole('button', { name: v.list, exact: true }).click();
      const items = page.locator('.wa-list-item');
      await expect(items).toHaveCount(1);
      await expect(items.first().getByTestId('verification')).toHaveText(v.confirmed);
      await usable(page);
      await shoot('confirmed-only-list');

      // Every report again: the unverified one is listed with no level line.
      await confirmedOnly.click();
      await expect(items).toHaveCount(2);
      await expect(page.locator('.wa-list-item', { hasText: 'Dzik przy drodze' }).getByTestId('verification')).toHaveCount(0);
      await expect(page.locator('.wa-list-item', { hasText: 'Lis przy parku' }).getByTestId('verification')).toHaveText(v.confirmed);
      await expect(page).not.toHaveURL(/verification=/);
      await shoot('list-levels');
    });
  });
}
