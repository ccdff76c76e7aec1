import { expect, test } from '../support/fixtures.ts';

test('the app is served under /WildAlertApp/, and / leads there', async ({ page, wildalert }) => {
  await page.goto(wildalert.origin + '/');
  await expect(page).toHaveURL(`${wildalert.origin}/WildAlertApp/`);
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
});

test('a deep link loads the app', async ({ page }) => {
  // index.html shows the header before any script runs: the screen's own heading says the app ran.
  for (const [route, heading] of [
    ['addAlert', 'Nowe zgłoszenie'],
    ['test', 'Ekran testowy'],
  ]) {
    const response = await page.goto(route!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
