/**
 * Trust at a glance (issue 35) on a 360 px phone, in Polish, English and Ukrainian: an open map's
 * popup shows a moderator's correction live, with both animals and the note; screenshots at 320,
 * 360 and 1280 px go to SHOTS_DIR when it is set.
 */
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
