/**
 * The README's picture of the map with an open popup and two clusters, taken from the real app.
 * Written to the test's output folder on every run; `WILDALERT_SCREENSHOT=1` writes
 * docs/screenshot-map.png.
 */
import path from 'node:path';
import { REPO_ROOT } from '@wildalert/test-support';
import { expect, test } from '../support/fixtures.ts';
import { mapAtRest, marker, popup } from '../support/app.ts';

test('the map with an open popup, as the README shows it', async ({ page, wildalert }, testInfo) => {
  const seed = [
    { latitude: 50.0614, longitude: 19.9366, animal: 'boar', comments: 'Dwa dziki z młodymi przy Plantach, spokojne.' },
    { latitude: 50.0452, longitude: 19.9045, animal: 'fox', comments: 'Lis na Bulwarach' },
    { latitude: 50.0705, longitude: 19.9801, animal: 'roe-deer', comments: '' },
    { latitude: 50.0322, longitude: 19.9602, animal: 'hare', comments: 'Zając w Parku Bednarskiego' },
    { latitude: 50.0445, longitude: 19.9905, animal: 'boar', comments: '' },
    { latitude: 50.0449, longitude: 19.9912, animal: 'boar', comments: '' },
    { latitude: 50.0453, longitude: 19.9901, animal: 'boar', comments: '' },
  ] as const;
  const created = [];
  for (const alert of seed) created.push(await wildalert.createAlert({ ...alert }));
  // A cluster of twelve, mostly foxes: its size and its ring of colours show what is inside.
  for (const [i, animal] of (['fox', 'fox', 'fox', 'fox', 'fox', 'fox', 'fox', 'boar', 'boar', 'boar', 'hare', 'hare'] as const).entries()) {
    await wildalert.createAlert({ latitude: 50.056 + (i % 4) * 0.0003, longitude: 19.92 + Math.floor(i / 4) * 0.0004, animal, comments: '' });
  }
  await page.clock.install({ time: new Date(Date.parse(created[0]!.createdAt) + 3 * 3600_000 + 20 * 60_000) });
  await page.setViewportSize({ width: 960, height: 600 });
  await page.goto('');
  await expect(marker(page, 'Lis')).toBeVisible();
  // South of the centre: its popup opens with the other markers and the legend still in view.
  await marker(page, 'Zając').click();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText(seed[3].comments);
  await expect(popup(page).getByTestId('alert-time')).toHaveText('Zgłoszono 3 godziny temu');
  // The map's pan to fit the popup, any animation in the popup, and every tile loaded.
  await mapAtRest(page);
  await popup(page).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  await expect(page.locator('.leaflet-tile:not(.leaflet-tile-loaded)')).toHaveCount(0);
  const file = process.env.WILDALERT_SCREENSHOT
    ? path.join(REPO_ROOT, 'docs/screenshot-map.png')
    : testInfo.outputPath('screenshot-map.png');
  await page.screenshot({ path: file });
});
