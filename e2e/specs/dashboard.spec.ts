/**
 * The city's dashboard (issue 37) in Polish, English and Ukrainian, on a 360 px phone and a
 * desktop: the public one (DASHBOARD_PUBLIC) shows each chart with its table, the areas'
 * choropleth and ranked table, keeps its filters in the address, and is axe clean; the staff's
 * adds response times; the print layout prints to a PDF with its charts.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { PHONE, usable } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

const SHOTS = process.env.WILDALERT_SHOTS_DIR;

test.use({ serverOptions: { engine: 'postgres', env: { DASHBOARD_PUBLIC: 'true' } } });
// Three widths, each checked by axe, on a host shared with other runs.
test.describe.configure({ timeout: 150_000 });

/** Reports in the bundled example's quarters of Kraków: boars and foxes, this month; a moderator confirms a boar and rejects the roe deer. */
async function seed(server: WildAlertServer, page: Page) {
  const reports = [
    { latitude: 50.07, longitude: 19.9, animal: 'boar', behaviour: 'aggressive' },
    { latitude: 50.075, longitude: 19.91, animal: 'boar' },
    { latitude: 50.08, longitude: 19.92, animal: 'boar', behaviour: 'crossing-road' },
    { latitude: 50.03, longitude: 20.0, animal: 'fox', behaviour: 'calm' },
    { latitude: 50.02, longitude: 19.9, animal: 'roe-deer' },
  ];
  const ids: string[] = [];
  for (const report of reports) {
    const res = await page.request.post(`${server.origin}/Alerts`, { data: report });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  const moderator = await server.staffToken('moderator');
  for (const [id, decision] of [[ids[0], { level: 'confirmed' }], [ids[4], { level: 'rejected', reason: 'hoax' }]] as const) {
    const res = await page.request.post(`${server.origin}/moderation/alerts/${id}/verification`, { headers: { authorization: `Bearer ${moderator}` }, data: decision });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const LANGS = [
  { lang: 'pl', title: 'Pulpit miasta', trend: 'Zgłoszenia w czasie', areas: 'Obszary', hours: 'Pory dnia i dni tygodnia', behaviours: 'Zachowanie', verification: 'Weryfikacja', levels: ['niesprawdzone', 'prawdopodobne', 'potwierdzone', 'poprawione', 'odrzucone'], nw: 'Północny zachód', boar: 'Dzik', animal: 'Zwierzę', csv: 'Pobierz CSV' },
  { lang: 'en', title: "The city's dashboard", trend: 'Reports over time', areas: 'Areas', hours: 'Hours and weekdays', behaviours: 'Behaviour', verification: 'Verification', levels: ['unverified', 'likely', 'confirmed', 'corrected', 'rejected'], nw: 'Północny zachód', boar: 'Wild boar', animal: 'Animal', csv: 'Download CSV' },
  { lang: 'uk', title: 'Панель міста', trend: 'Повідомлення з часом', areas: 'Райони', hours: 'Години та дні тижня', behaviours: 'Поведінка', verification: 'Перевірка', levels: ['неперевірене', 'ймовірне', 'підтверджене', 'виправлене', 'відхилене'], nw: 'Północny zachód', boar: 'Дикий кабан', animal: 'Тварина', csv: 'Завантажити CSV' },
];

for (const l of LANGS) {
  test(`the public dashboard in ${l.lang}, on a phone and a desktop: charts with their tables, the areas ranked, axe clean`, async ({ page, wildalert }) => {
    await seed(wildalert, page);
    for (const viewport of [PHONE, { width: 1280, height: 900 }, { width: 320, height: 700 }]) {
      await page.setViewportSize(viewport);
      await page.goto(`${wildalert.origin}/WildAlertApp/dashboard?lang=${l.lang}`);
      await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
      for (const title of [l.trend, l.areas, l.hours, l.behaviours, l.verification]) {
        const section = page.getByRole('region', { name: title, exact: true });
        await expect(section.locator('.wa-dashboard-figure svg, .leaflet-container').first()).toBeVisible();
        await expect(section.getByRole('region', { name: new RegExp(title) }).getByRole('table')).toBeVisible();
      }
      // The north-west quarter holds the three boars: first in the ranked table.
      const ranked = page.getByRole('region', { name: l.areas, exact: true }).getByRole('table');
      await expect(ranked.getByRole('row').nth(1)).toContainText(l.nw);
      await expect(ranked.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');
      await expect(page.locator('.leaflet-interactive')).toHaveCount(4);
      // Every level in its order, none left out: three unchecked, the boar confirmed, the roe deer rejected.
      const levels = page.getByRole('region', { name: l.verification, exact: true }).getByRole('table');
      await expect(levels.getByRole('rowheader')).toHaveText(l.levels);
      await expect(levels.getByRole('cell')).toHaveText(['3', '0', '1', '0', '1']);
      // The public dashboard has no response times.
      await expect(page.locator('#response')).toHaveCount(0);
      await usable(page);
      if (SHOTS) {
        // The page scrolls inside its frame: a tall window shows all of it at once.
        await page.setViewportSize({ width: viewport.width, height: 4200 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/dashboard-${viewport.width}-${l.lang}.png` });
      }
    }
  });
}

test('filters live in the address: an animal chosen stays after a reload, and each chart downloads its CSV', async ({ page, wildalert }) => {
  await seed(wildalert, page);
  await page.goto(`${wildalert.origin}/WildAlertApp/dashboard?lang=en`);
  await page.getByRole('combobox', { name: 'Animal' }).click();
  await page.getByRole('option', { name: 'Fox' }).click();
  await expect(page).toHaveURL(/[?&]animal=fox/);
  const behaviours = page.getByRole('region', { name: 'Behaviour', exact: true });
  await expect(behaviours.getByRole('table')).toContainText('calm');
  await expect(behaviours.getByRole('table')).not.toContainText('aggressive');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Animal' })).toHaveText('Fox');
  await expect(behaviours.getByRole('table')).not.toContainText('aggressive');
  const [download] = await Promise.all([page.waitForEvent('download'), behaviours.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^wildalert-behaviours-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('\ufeffBehaviour,Reports\r\ncalm,1\r\n');
});

test("the staff's dashboard adds response times, and prints as the month's report with its charts", async ({ page, wildalert }) => {
  await seed(wildalert, page);
  await signInWithoutScreens(page, wildalert, 'responder', 'Ewa');
  await page.goto(`${wildalert.origin}/WildAlertApp/staff/dashboard?lang=pl`);
  const response = page.getByRole('region', { name: 'Czas reakcji', exact: true });
  // The boars went to the City Guard's inbox (the bundled organisations): three received, none acknowledged yet.
  const guard = response.getByRole('row', { name: /Straż Miejska/ });
  await expect(guard.getByRole('cell')).toHaveText(['3', '0', 'brak', '0', 'brak'], { timeout: 30_000 });
  await usable(page);
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 3600 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/staff-dashboard-1280-pl.png` });
  }

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Drukuj raport' })).toBeHidden();
  await expect(page.getByRole('navigation')).toBeHidden();
  // Five charts (a chart with a legend is a figure of two or three SVGs) and the areas' map, each drawn on the page to print.
  await expect(page.locator('.wa-dashboard-figure')).toHaveCount(5);
  await expect(page.locator('.wa-dashboard-map path.leaflet-interactive')).toHaveCount(4);
  for (const chart of await page.locator('.wa-dashboard-figure').all()) await expect(chart.locator('svg[viewBox]').last()).toBeVisible();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  if (SHOTS) fs.writeFileSync(`${SHOTS}/staff-dashboard-report.pdf`, pdf);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length).toBeGreaterThanOrEqual(1);
});
