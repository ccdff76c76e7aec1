import { expect, startWildAlert, test } from '../support/fixtures.ts';
import { KRAKOW, marker, popup } from '../support/app.ts';

// PostgreSQL (a server kept between tests); the embedded engine's own live path (in-process, no
// NOTIFY) is shown in a browser by the first test, and on both engines by the API suite.
test.use({ serverOptions: { engine: 'postgres', env: {} } });

const near = (dLat: number, dLon: number) => ({ latitude: KRAKOW.latitude + dLat, longitude: KRAKOW.longitude + dLon });

test.describe('on the embedded database', () => {
  test.use({ serverOptions: { engine: 'pglite', env: {} } });

  test('a sighting reported elsewhere appears on the open map at once, highlighted', async ({ page, wildalert }) => {
    await wildalert.createAlert({ ...near(0.01, 0.01), animal: 'fox', comments: 'wcześniej' });
    await page.goto('');
    await expect(marker(page, 'Lis')).toBeVisible();
    await expect(page.locator('[data-live="live"]')).toBeAttached();
    await expect(page.getByTestId('live-offline')).toHaveCount(0);

    await wildalert.createAlert({ ...near(-0.01, -0.01), animal: 'boar', comments: 'Dzik na Kazimierzu, teraz' });
    const boar = marker(page, 'Dzik');
    await expect(boar).toBeVisible();
    await expect(boar).toHaveClass(/wa-fresh/);
    await expect(page.getByText('Nowe zgłoszenie: Dzik')).toBeAttached();
    // The highlight is brief.
    await expect(boar).not.toHaveClass(/wa-fresh/, { timeout: 15_000 });
    await boar.click();
    await expect(popup(page).getByTestId('alert-comments')).toHaveText('Dzik na Kazimierzu, teraz');
    await expect(popup(page).getByTestId('alert-time')).toHaveText('Zgłoszono przed chwilą');
  });
});

test('a sighting far from the map does not appear on it', async ({ page, wildalert }) => {
  await page.goto('');
  await expect(page.locator('[data-live="live"]')).toBeAttached();
  await wildalert.createAlert({ latitude: 52.2297, longitude: 21.0122, animal: 'fox', comments: 'Warszawa' });
  await wildalert.createAlert({ ...near(0.005, 0), animal: 'hare', comments: 'Kraków' });
  await expect(marker(page, 'Zając')).toBeVisible();
  await expect(marker(page, 'Lis')).toHaveCount(0);
});

test('after a network loss the map says so, reconnects by itself and shows what it missed', async ({ page, context, wildalert }) => {
  await page.goto('');
  await expect(page.locator('[data-live="live"]')).toBeAttached();
  await context.setOffline(true);
  await expect(page.getByTestId('live-offline')).toHaveText('Brak połączenia — nowe zgłoszenia pojawią się, gdy wróci.');
  await wildalert.createAlert({ ...near(0.002, 0.002), animal: 'badger', comments: 'w czasie przerwy' });
  await context.setOffline(false);
  await expect(marker(page, 'Borsuk')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('live-offline')).toHaveCount(0);
  await expect(marker(page, 'Borsuk')).toHaveCount(1);
});

test('an alert hidden by a moderator leaves the open map, and its popup closes', async ({ page, wildalert }) => {
  const alert = await wildalert.createAlert({ ...near(0, 0.01), animal: 'marten', comments: 'reklama' });
  await page.goto('');
  await expect(page.locator('[data-live="live"]')).toBeAttached();
  await marker(page, 'Kuna').click();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('reklama');
  const res = await fetch(`${wildalert.origin}/Alerts/${alert.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${await wildalert.staffToken()}` },
  });
  expect(res.status).toBe(204);
  await expect(marker(page, 'Kuna')).toHaveCount(0);
  await expect(popup(page)).toHaveCount(0);
});

test('a visitor can report an alert as abuse from its popup', async ({ page, wildalert }) => {
  await wildalert.createAlert({ ...near(0.01, 0), animal: 'hare', comments: 'kup tanio buty' });
  await page.goto('');
  await marker(page, 'Zając').click();
  const report = page.waitForResponse((r) => /\/Alerts\/[^/]+\/reports$/.test(r.url()));
  await popup(page).getByRole('button', { name: 'Zgłoś nadużycie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zgłoś nadużycie' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
  expect((await report).status()).toBe(201);
  await expect(popup(page).getByRole('status')).toHaveText('Dziękujemy — moderator sprawdzi to zgłoszenie.');
});

test.describe('two instances on one PostgreSQL', () => {
  test.use({ serverOptions: { engine: 'postgres', env: {} } });

  test('a browser on instance B shows a marker as soon as instance A stores it, without a reload', async ({ page, wildalert }) => {
    // `wildalert` is instance A; B is a second server on the same database.
    const b = await startWildAlert({ engine: 'postgres', env: {} }, wildalert.database);
    try {
      await page.goto(`${b.origin}/WildAlertApp/`);
      await expect(page.locator('[data-live="live"]')).toBeAttached();
      await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
      await wildalert.createAlert({ ...near(0.003, -0.004), animal: 'roe-deer', comments: 'z instancji A' });
      await expect(marker(page, 'Sarna')).toBeVisible();
    } finally {
      await b.stop();
    }
  });
});
