import { expect, grantGeolocation, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, PHONE, sidewaysOverflow } from '../support/app.ts';

test('the test screen shows the real popup on a sample alert', async ({ page }) => {
  await page.goto('test');
  const sample = page.getByTestId('alert-popup');
  await expect(sample.getByRole('heading', { name: 'Dzik' })).toBeVisible();
  await expect(sample.getByTestId('alert-sighting')).toBeVisible();
  await expect(sample.getByTestId('alert-comments')).toHaveText('Trzy dziki przy Bulwarach Wiślanych, idą w stronę Wawelu. Uwaga na młode!');
  await expect(sample.getByTestId('alert-coordinates')).toHaveText('50.049683, 19.944544');
  await expect(sample.getByTestId('alert-time')).toHaveText('Zgłoszono 3 godziny temu');
});

test.describe('on the embedded database', () => {
  test.use({ serverOptions: { engine: 'pglite', env: {} } });

  test('the self-check reports the API, its database, the alert count, geolocation and the tile server', async ({ page, wildalert }) => {
    await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar' });
    await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'fox' });
    await grantGeolocation(page, KRAKOW.latitude, KRAKOW.longitude);
    await page.goto('test');
    await expect(page.getByTestId('check-api')).toHaveText('działa');
    await expect(page.getByTestId('check-database')).toHaveText('PGlite, wbudowana (pglite)');
    await expect(page.getByTestId('check-alerts')).toHaveText('2');
    await expect(page.getByTestId('check-geolocation')).toHaveText('przyznane');
    await expect(page.getByTestId('check-tiles')).toHaveText('osiągalny');

    // A third alert, then "check again": the count follows.
    await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'hare' });
    await page.getByRole('button', { name: 'Sprawdź ponownie' }).click();
    await expect(page.getByTestId('check-alerts')).toHaveText('3');
  });
});

test('the self-check says when the API or the tile server cannot be reached', async ({ page }) => {
  await page.route('**/health', (route) => route.abort('connectionrefused'));
  await page.route('**/tiles/**', (route) => route.abort('connectionrefused'));
  await page.goto('test');
  await expect(page.getByTestId('check-api')).toHaveText('nie odpowiada');
  await expect(page.getByTestId('check-database')).toHaveText('niedostępna');
  await expect(page.getByTestId('check-tiles')).toHaveText('nieosiągalny');
  await expect(page.getByTestId('check-geolocation')).toHaveText('jeszcze nie zapytano');
});

test.describe('with PostgreSQL', () => {
  test.use({ serverOptions: { engine: 'postgres', env: {} } });

  test('the self-check names the engine', async ({ page }) => {
    await page.goto('test');
    await expect(page.getByTestId('check-database')).toHaveText('PostgreSQL (postgres)');
    await expect(page.getByTestId('check-alerts')).toHaveText('0');
  });
});

test('the test screen fits 360 px and axe finds nothing serious', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('test');
  await expect(page.getByTestId('check-api')).toHaveText('działa');
  await expect(page.getByTestId('check-tiles')).toHaveText('osiągalny');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

for (const [name, viewport] of [['a phone', PHONE], ['a desktop', { width: 1280, height: 800 }]] as const) {
  test(`the self-check's state icons stand in one column, each beside its value, on ${name}`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto('test');
    await expect(page.getByTestId('check-tiles')).toHaveText('osiągalny');
    await expect(page.getByTestId('check-geolocation')).toHaveText('jeszcze nie zapytano');
    const rows = await page.getByRole('definition').evaluateAll((dds) =>
      dds.map((dd) => {
        const icon = dd.querySelector('svg')!.getBoundingClientRect();
        // The value's first line of text: where the icon belongs.
        const text = document.createRange();
        text.selectNodeContents(dd.querySelector('[data-testid]')!);
        const line = text.getClientRects()[0]!;
        return { iconX: icon.left, iconMiddle: icon.top + icon.height / 2, lineMiddle: line.top + line.height / 2 };
      }),
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(Math.abs(row.iconX - rows[0]!.iconX)).toBeLessThanOrEqual(1);
      expect(Math.abs(row.iconMiddle - row.lineMiddle)).toBeLessThanOrEqual(2);
    }
    await page.getByRole('region', { name: 'Samokontrola' }).screenshot({ path: testInfo.outputPath('self-check.png') });
  });
}
