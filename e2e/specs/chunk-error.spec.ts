/**
 * A screen whose code cannot be loaded — a new version deployed while the tab was open, so the
 * old chunk is gone — shows a Polish "reload" screen instead of a blank page, after reloading
 * the page by itself once at most.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '@wildalert/test-support';
import { expect, test } from '../support/fixtures.ts';

/** The add screen's own chunk, as the build named it. */
function addScreenChunk(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return manifest['src/app/routes/add-alert.tsx']!.file;
}

/** The pages the browser loaded (the app's index.html, at each address). */
function countDocuments(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && r.frame() === page.mainFrame() && documents.push(r.url()));
  return documents;
}

const reloadScreen = (page: Page) => page.getByRole('heading', { name: 'Nie udało się wczytać tej części aplikacji' });

test('a lost chunk shows "Odśwież" instead of a blank page, after one reload by itself at most', async ({ page, baseURL }) => {
  const chunk = addScreenChunk();
  await page.route(`**/WildAlertApp/${chunk}`, (route) => route.abort('failed'));
  const documents = countDocuments(page);

  await page.goto('');
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).click();
  await reloaded;

  await expect(reloadScreen(page)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Odśwież stronę');
  await expect(page).toHaveURL(`${baseURL}addAlert`);
  await expect(page).toHaveTitle('Nie udało się wczytać tej części aplikacji — WildAlert');
  // The header stays, and the way back to the map with it.
  await expect(page.getByRole('link', { name: 'WildAlert — mapa zgłoszeń' })).toBeVisible();
  // One reload by itself, at the add screen's address; then no more (nothing left to load).
  await page.waitForLoadState('networkidle');
  expect(documents).toEqual([baseURL, `${baseURL}addAlert`]);

  // "Odśwież" reloads on request; once the chunk is there again, the screen is back.
  const refreshed = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Odśwież' }).click();
  await refreshed;
  await expect(reloadScreen(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(documents).toHaveLength(3);
  await page.unroute(`**/WildAlertApp/${chunk}`);
  const recovered = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Odśwież' }).click();
  await recovered;
  await expect(page.getByRole('heading', { name: 'Nowe zgłoszenie' })).toBeVisible();
  expect(documents).toHaveLength(4);
  // Recovered: the next lost chunk may reload by itself again.
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
});

test('the first screen itself failing to load reloads once, then shows the reload screen', async ({ page, baseURL }) => {
  await page.route(`**/WildAlertApp/${addScreenChunk()}`, (route) => route.abort('failed'));
  const documents = countDocuments(page);
  await page.goto('addAlert');
  // The screen, on the page the app reloaded by itself.
  await expect(async () => {
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
  }).toPass();
  await expect(reloadScreen(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(documents).toEqual([`${baseURL}addAlert`, `${baseURL}addAlert`]);
});
