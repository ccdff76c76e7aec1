/** "Czy to ten sam?": the add form points at a recent alert of the same animal close by. */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} } });

const hint = (page: Page) => page.getByTestId('duplicate-hint');
/** About `metres` north of Kraków's test point (1° of latitude ≈ 111.2 km). */
const north = (metres: number) => ({ latitude: KRAKOW.latitude + metres / 111_200, longitude: KRAKOW.longitude });

/** Chooses the animal and the place, and waits for the form's duplicate check to answer. */
async function choose(page: Page, animal: string, at: { latitude: number; longitude: number }) {
  const checked = page.waitForResponse((r) => r.url().includes('/Alerts?') && r.url().includes('Radius=0.2'));
  await page.getByRole('radio', { name: animal }).click();
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill(`${at.latitude.toFixed(6)}, ${at.longitude.toFixed(6)}`);
  await page.getByRole('button', { name: 'Ustaw' }).click();
  expect((await checked).status()).toBe(200);
}

test('a recent fox 50 m away is offered as a possible duplicate; an old one or one 500 m away is not', async ({ page, wildalert }) => {
  const old = await wildalert.createAlert({ ...KRAKOW, animal: 'fox', comments: 'Lis sprzed trzech godzin' });
  await wildalert.sql(`UPDATE alerts SET created_at = now() - interval '3 hours' WHERE id = $1`, [old.id]);
  await wildalert.createAlert({ ...north(500), animal: 'fox', comments: 'Lis pół kilometra dalej' });

  await page.goto('addAlert');
  await choose(page, 'Lis', KRAKOW);
  await expect(hint(page)).toHaveCount(0);

  const recent = await wildalert.createAlert({ ...north(50), animal: 'fox', comments: 'Lis przed chwilą' });
  await page.reload();
  await choose(page, 'Lis', north(1));
  await expect(hint(page)).toContainText('Czy to ten sam?');
  await expect(hint(page)).toContainText('Lis: zgłoszenie w promieniu 200 m, przed chwilą.');
  await expect(hint(page).getByRole('link', { name: 'Pokaż to zgłoszenie' })).toHaveAttribute(
    'href',
    `/WildAlertApp/alerts/${recent.id}`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Another animal at the same place: no hint.
  await choose(page, 'Dzik', north(2));
  await expect(hint(page)).toHaveCount(0);

  // The visitor may still send it.
  await choose(page, 'Lis', north(3));
  await expect(hint(page)).toBeVisible();
  await page.getByRole('button', { name: 'Zgłoś' }).click();
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible();
  const foxes = await wildalert.sql<{ count: string }>(`SELECT count(*) FROM alerts WHERE animal = 'fox'`);
  expect(foxes).toEqual([{ count: '4' }]);
});
