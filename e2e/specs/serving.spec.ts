import { expect, test } from '../support/fixtures.ts';

test('the app is served under /WildAlertApp/, and / leads there', async ({ page, wildalert }) => {
  await page.goto(wildalert.origin + '/');
  await expect(page).toHaveURL(`${wildalert.origin}/WildAlertApp/`);
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
});

test('a deep link loads the app', async ({ page }) => {
  for (const route of ['addAlert', 'test']) {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
});
