/**
 * Open data (issue 36): the add form asks once on a device which licence the reporter gives its
 * report (CC BY 4.0 offered first, CC0, or no); the answer goes with the alert and is remembered.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, PHONE, sidewaysOverflow } from '../support/app.ts';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const all = { Latitude: KRAKOW.latitude, Longitude: KRAKOW.longitude, Radius: 100 };
const answer = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const SHOTS = process.env.WILDALERT_SHOTS_DIR;

async function report(page: Page, animal: string) {
  await page.getByRole('radio', { name: animal }).tap();
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill(`${KRAKOW.latitude}, ${KRAKOW.longitude}`);
  await page.getByRole('button', { name: 'Ustaw' }).tap();
  await page.getByRole('button', { name: 'Zgłoś' }).tap();
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible();
}

test('the licence is asked once, sent with the alert, and can be changed to none', async ({ page, wildalert }) => {
  await page.goto('addAlert');
  await expect(page.getByRole('group', { name: 'Udostępnić jako otwarte dane?' })).toBeVisible();
  await expect(answer(page, 'Tak, z podaniem źródła (CC BY 4.0)')).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await report(page, 'Dzik');
  expect(await wildalert.searchAlerts(all)).toMatchObject([{ animal: 'boar', licence: 'CC-BY-4.0' }]);

  // Answered: the next form says it in one line, with a way to change it.
  await page.goto('addAlert');
  await expect(page.getByText('Otwarte dane: z podaniem źródła (CC BY 4.0)')).toBeVisible();
  await expect(answer(page, 'Tak, z podaniem źródła (CC BY 4.0)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Zmień' }).tap();
  await answer(page, 'Nie').tap();
  await report(page, 'Lis');
  expect(await wildalert.searchAlerts(all)).toMatchObject([{ animal: 'fox', licence: null }, { animal: 'boar', licence: 'CC-BY-4.0' }]);
  await page.goto('addAlert');
  await expect(page.getByText('Nie udostępniasz jako otwartych danych')).toBeVisible();
});

test('the question fits a 320 px phone with 44 px answers in every language', async ({ page }) => {
  for (const width of [320, 360, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 640 });
    for (const [lang, names] of [
      ['pl', ['Tak, z podaniem źródła (CC BY 4.0)', 'Tak, bez warunków (CC0)', 'Nie']],
      ['en', ['Yes, with credit (CC BY 4.0)', 'Yes, freely (CC0)', 'No']],
      ['uk', ['Так, із зазначенням джерела (CC BY 4.0)', 'Так, без умов (CC0)', 'Ні']],
    ] as const) {
      await page.goto(`addAlert?lang=${lang}`);
      await page.evaluate((l) => localStorage.setItem('wildalert-language', l), lang);
      await page.reload();
      for (const name of names) {
        const box = (await answer(page, name).boundingBox())!;
        expect(box.height, `${lang} ${name}`).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width, `${lang} ${name}`).toBeLessThanOrEqual(width);
      }
      expect(await sidewaysOverflow(page), lang).toBe(0);
      if (SHOTS) {
        await answer(page, names[0]).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/licence-${width}-${lang}.png` });
      }
    }
  }
});
