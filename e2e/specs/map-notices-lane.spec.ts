/**
 * The lane under the map's top edge holds the map's own status ("The sightings could not be
 * loaded. Retry") and the official notices in force below it: one never covers the other.
 */
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true, locale: 'en-GB' });

test('a notice in force and a failed load are both readable, one under the other', async ({ page, wildalert }) => {
  const [organisation] = await wildalert.sql<{ id: string }>(`INSERT INTO organisations (name) VALUES ('{"pl": "Straż Miejska", "en": "City Guard"}') RETURNING id`);
  await wildalert.sql(
    `INSERT INTO notices (organisation_id, text, area, shape, starts_at, ends_at)
     VALUES ($1, '{"pl": "Odłów dzików — omijaj teren", "en": "Boar capture in progress — keep away"}',
             json_build_object('latitude', $2::float8, 'longitude', $3::float8, 'radiusKm', 3),
             ST_Buffer(ST_SetSRID(ST_MakePoint($3, $2), 4326)::geography, 3000), now() - interval '1 minute', now() + interval '1 hour')`,
    [organisation!.id, KRAKOW.latitude, KRAKOW.longitude],
  );
  // The map's searches fail: it says so, with a retry, where the notice's chip also goes.
  await page.route('**/Alerts/tiles/**', (route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"title":"Unavailable","status":503}' }));
  await page.goto('');
  const failed = page.getByText('The sightings could not be loaded.');
  const notice = page.getByRole('button', { name: 'Boar capture in progress — keep away' });
  await expect(failed).toBeVisible();
  await expect(notice).toBeVisible();
  const status = (await page.locator('.wa-chip--warning').boundingBox())!;
  const chip = (await notice.boundingBox())!;
  expect(chip.y, 'the notice sits below the status, not over it').toBeGreaterThanOrEqual(status.y + status.height);
  // Both can be tapped: the retry and the notice, which opens.
  await notice.click();
  await expect(page.getByTestId('notice-card')).toContainText('City Guard');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('with nothing to say, the notice takes the top of the lane', async ({ page, wildalert }) => {
  const [organisation] = await wildalert.sql<{ id: string }>(`INSERT INTO organisations (name) VALUES ('{"pl": "Straż Miejska", "en": "City Guard"}') RETURNING id`);
  await wildalert.sql(
    `INSERT INTO notices (organisation_id, text, area, shape, starts_at, ends_at)
     VALUES ($1, '{"pl": "Odłów dzików — omijaj teren", "en": "Boar capture in progress — keep away"}', json_build_object('latitude', $2::float8, 'longitude', $3::float8, 'radiusKm', 3),
             ST_Buffer(ST_SetSRID(ST_MakePoint($3, $2), 4326)::geography, 3000), now() - interval '1 minute', now() + interval '1 hour')`,
    [organisation!.id, KRAKOW.latitude, KRAKOW.longitude],
  );
  await wildalert.createAlert({ ...KRAKOW, animal: 'boar' });
  await page.setViewportSize(PHONE);
  await page.goto('');
  const notice = page.getByRole('button', { name: 'Boar capture in progress — keep away' });
  await expect(notice).toBeVisible();
  // The sightings loaded, the view has one: the map has nothing to say.
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect(page.locator('.wa-map-status-now')).toBeEmpty();
  const lane = (await page.locator('.wa-map-status').boundingBox())!;
  expect((await notice.boundingBox())!.y - lane.y).toBeLessThan(2);
  // The list starts with it, above the alerts.
  await page.getByRole('button', { name: 'List' }).click();
  const first = page.getByRole('listitem').first();
  await expect(first).toContainText('Boar capture in progress — keep away');
  await expect(first).toContainText('City Guard');
});

test('a notice leaves the lane, the map and the list when it ends, with no reload', async ({ page, wildalert }) => {
  const [organisation] = await wildalert.sql<{ id: string }>(`INSERT INTO organisations (name) VALUES ('{"pl": "Straż Miejska", "en": "City Guard"}') RETURNING id`);
  await wildalert.sql(
    `INSERT INTO notices (organisation_id, text, area, shape, starts_at, ends_at)
     VALUES ($1, '{"pl": "Odłów dzików — omijaj teren", "en": "Boar capture in progress — keep away"}', json_build_object('latitude', $2::float8, 'longitude', $3::float8, 'radiusKm', 1),
             ST_Buffer(ST_SetSRID(ST_MakePoint($3, $2), 4326)::geography, 1000), now() - interval '1 hour', now() + interval '10 minutes')`,
    [organisation!.id, KRAKOW.latitude, KRAKOW.longitude],
  );
  await wildalert.createAlert({ ...KRAKOW, animal: 'boar' });
  await page.clock.install();
  await page.goto('');
  const chip = page.getByRole('button', { name: 'Boar capture in progress — keep away' });
  await expect(chip).toBeVisible();
  await expect(page.locator('path.wa-notice-area')).toHaveCount(1);

  // Its end passes on the visitor's clock (the server still lists it for a minute of cache).
  await page.clock.fastForward('11:00');
  await expect(chip).toHaveCount(0);
  await expect(page.locator('path.wa-notice-area')).toHaveCount(0);
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('listitem').first()).not.toContainText('Boar capture');
  await expect(page.getByRole('listitem')).toHaveCount(1);
});
