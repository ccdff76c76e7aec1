/**
 * "Where is Zakrzówek?" (issue 34): the map's place search and each alert's street, through the
 * server's geocoder, here a Nominatim stand-in on 127.0.0.1 (nothing reaches a public server).
 */
import { startNominatim, type NominatimStandIn } from '@wildalert/test-support';
import { expect, test } from '../support/fixtures.ts';
import { PHONE, popup, usable } from '../support/app.ts';

// The stand-in's address is the server's option, named before either starts.
const PORT = 20_000 + Math.floor(Math.random() * 30_000);
test.use({ serverOptions: { engine: 'postgres', env: { GEOCODER_URL: `http://127.0.0.1:${PORT}` } } });

let standIn: NominatimStandIn;
test.beforeAll(async () => {
  standIn = await startNominatim('', PORT);
});
test.afterAll(() => standIn.close());

const CASES = [
  { lang: 'pl', open: 'Szukaj miejsca', field: 'Miejsce lub ulica', search: 'Szukaj', viewport: PHONE },
  { lang: 'en', open: 'Find a place', field: 'Place or street', search: 'Search', viewport: { width: 1280, height: 800 } },
  { lang: 'uk', open: 'Знайти місце', field: 'Місце або вулиця', search: 'Шукати', viewport: PHONE },
  // The narrowest phone: the open box, its button and the results fit beside the map's buttons.
  { lang: 'uk', open: 'Знайти місце', field: 'Місце або вулиця', search: 'Шукати', viewport: { width: 320, height: 568 } },
] as const;

for (const c of CASES) {
  test(`search "Zakrzówek", pick it, and the map moves there; the popup names the street (${c.lang}, ${c.viewport.width} px)`, async ({ page, wildalert }, testInfo) => {
    await page.setViewportSize(c.viewport);
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${c.lang}-${c.viewport.width}.png`) });
    const alert = await wildalert.createAlert({ latitude: 50.0632, longitude: 19.8921, animal: 'boar', comments: 'Przy parku' });
    // Looked up in the background, a moment after it was stored.
    await expect.poll(async () => (await wildalert.searchAlerts({ latitude: 50.0632, longitude: 19.8921, radius: 1 }))[0]?.place).toEqual({ street: 'Królowej Jadwigi', district: 'Zwierzyniec' });
    await page.goto(`?lang=${c.lang}&lat=50.06320&lng=19.89210&z=16`);
    await expect(page.getByRole('button', { name: c.open })).toBeVisible();
    await shot('search-closed');
    await page.getByRole('button', { name: c.open }).click();
    const field = page.getByRole('searchbox', { name: c.field });
    await expect(field).toBeFocused();
    // Nothing is asked while typing: only the submitted search.
    await field.fill('Zakrzówek');
    expect(standIn.requests.filter((r) => r.path === '/search' && r.params.get('q') !== 'Zakrzówek')).toEqual([]);
    await shot('search-typed');
    await page.getByRole('button', { name: c.search, exact: true }).click();
    const result = page.getByRole('button', { name: /^Zakrzówek/ });
    await expect(result).toBeVisible();
    await usable(page);
    await shot('search-results');
    await result.click();
    await expect(page).toHaveURL(/[?&]lat=50\.03\d*&lng=19\.91\d*/);
    await expect(page.getByRole('searchbox')).toHaveCount(0);

    // Back at the alert: its popup says where it is.
    await page.goto(`alerts/${alert.id}?lang=${c.lang}`);
    await expect(popup(page)).toContainText('Królowej Jadwigi, Zwierzyniec');
    await shot('popup-street');
  });
}

test('a search that finds nothing says so, in the visitor language', async ({ page }, testInfo) => {
  await page.goto('?lang=en');
  await page.getByRole('button', { name: 'Find a place' }).click();
  await page.getByRole('searchbox', { name: 'Place or street' }).fill('Atlantis');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing found for “Atlantis”.' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('search-empty-en-1280.png') });
});
