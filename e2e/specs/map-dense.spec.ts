import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE } from '../support/app.ts';

/** What the map counts: each cluster by the number its name starts with, each marker as one. */
async function counted(page: Page): Promise<{ total: number; clusters: number; markers: number }> {
  const titles = await page.locator('.wa-map .leaflet-marker-icon').evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
  const clusters = titles.filter((t) => /^\d+ zgłosze/.test(t));
  const total = clusters.reduce((sum, t) => sum + Number(t.split(' ')[0]), 0) + (titles.length - clusters.length);
  return { total, clusters: clusters.length, markers: titles.length - clusters.length };
}

// The alerts are seeded by SQL.
test.use({ serverOptions: { engine: 'postgres', env: {} } });

const clusterButtons = (page: Page) => page.getByRole('button', { name: /^\d+ zgłosze.* w pobliżu — przybliż\. / });

/**
 * `count` alerts by SQL, spread over ~5 × 5 km around Kraków, four animals in turn; the first
 * `old` of them 60 days old, the rest within the last 6 days.
 */
async function seedDense(sql: (text: string, params?: unknown[]) => Promise<unknown>, count: number, old: number) {
  await sql(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     SELECT gen_random_uuid(), p, p, (ARRAY['boar','fox','roe-deer','hare'])[1 + i % 4], 'gęsto ' || i,
            CASE WHEN i <= $4 THEN now() - interval '60 days' ELSE now() - make_interval(mins => i % 8000) END
     FROM (SELECT i, ST_SetSRID(ST_MakePoint($2::float8 + ((i * 0.6180339887) % 1 - 0.5) * 0.07,
                                               $1::float8 + ((i * 0.7548776662) % 1 - 0.5) * 0.045), 4326)::geography AS p
           FROM generate_series(1, $3::int) AS i) s`,
    [KRAKOW.latitude, KRAKOW.longitude, count, old],
  );
}

test('on a phone over 10,000 alerts: clusters with exact counts and their animals, markers when zoomed in, a live alert counted at once, "Wszystkie" all of them', async ({ page, wildalert }) => {
  await page.setViewportSize(PHONE);
  await seedDense(wildalert.sql, 10_100, 100);
  const tiles: string[] = [];
  page.on('request', (r) => r.url().includes('/Alerts/tiles/') && tiles.push(r.url()));
  await page.goto(`?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=12`);

  // Zoomed out: a few clusters, every alert of the window counted, none left out.
  await expect.poll(async () => (await counted(page)).total).toBe(10_000);
  expect((await counted(page)).clusters).toBeGreaterThan(1);
  const first = clusterButtons(page).first();
  // Its four animals, the most first.
  await expect(first).toHaveAccessibleName(/\. (?:(?:dzik|lis|sarna|zając): \d+(?:, |$)){4}$/);
  const box = (await first.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  // The map asked by tile, never for the alerts around its centre.
  expect(tiles.length).toBeGreaterThan(0);
  await expect(page.getByText(/najnowszych/)).toHaveCount(0);
  await expect(page.locator('.wa-map-screen')).toHaveAttribute('data-live', 'live');

  // A sighting reported now, inside a cluster: its count grows by one, live.
  await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar', comments: 'Na żywo' });
  await expect.poll(async () => (await counted(page)).total).toBe(10_001);
  await expect(page.locator('.wa-cluster.wa-fresh')).toHaveCount(1);

  // "Wszystkie": older alerts too, still every one counted, and no note about the newest few.
  await page.getByRole('button', { name: 'Wszystkie', exact: true }).click();
  await expect.poll(async () => (await counted(page)).total).toBe(10_101);
  await expect(page.getByText(/najnowszych/)).toHaveCount(0);

  // Zoomed in far enough, the alerts stand alone: markers, each opening its popup.
  await page.goto(`?t=all&lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=18`);
  await expect.poll(async () => (await counted(page)).markers).toBeGreaterThan(0);
  // One in view (those drawn in the margin are out of the Tab order), opened as a keyboard would.
  const inView = page.locator('.wa-marker[tabindex="0"]').first();
  await expect(inView).toHaveAccessibleName(/^(Dzik|Lis|Sarna|Zając), .+ — pokaż zgłoszenie$/);
  await inView.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup').getByTestId('alert-comments')).toHaveText(/^(gęsto \d+|Na żywo)$/);
});
