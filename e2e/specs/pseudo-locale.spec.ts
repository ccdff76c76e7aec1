/**
 * Text that is not from a catalogue: the app's Polish messages are served wrapped in ⟦…⟧ (a
 * pseudo-locale, made in the browser from the real catalogue files), every screen is opened, and
 * any text a visitor sees or hears that is neither a wrapped message nor data (animal names from
 * the catalogue, comments, numbers, Intl's times and units, the brand) is a string written into
 * the code, which would stay Polish in English and Ukrainian.
 */
import type { Page } from '@playwright/test';
import { ANIMALS } from '@wildalert/shared';
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

const COMMENT = 'Trzy dziki przy przystanku';

/** Each Polish message file (messages-pl-*.js) answered by a module wrapping its messages. */
async function pseudoLocale(page: Page) {
  await page.route(/\/assets\/messages-pl-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `import messages from ${JSON.stringify(`${route.request().url()}?original`)};
        const wrap = (m) => ['⟦', ...(Array.isArray(m) ? m : [m]), '⟧'];
        export default Object.fromEntries(Object.entries(messages).map(([key, m]) => [key, wrap(m)]));`,
    }),
  );
}

/** Words that are data, not interface: the brand, file formats, units, the map's credit line (Leaflet's own). */
const DATA_WORDS = ['WildAlert', 'Wild', 'Alert', 'GeoJSON', 'CSV', 'km', 'm', 'Leaflet', 'A JavaScript library for interactive maps', 'OpenStreetMap', COMMENT];
const ANIMAL_NAMES = ANIMALS.flatMap((a) => [a.namePl, a.namePl.toLowerCase()]);

/** Every text of the page a person meets (text, names, titles, placeholders) with letters left once messages and data are taken out. */
function unwrapped(page: Page): Promise<string[]> {
  return page.evaluate((allowed) => {
    // Intl's own words in Polish: relative times ("3 godziny temu", "wczoraj").
    const rtf = new Intl.RelativeTimeFormat('pl', { numeric: 'auto' });
    const units: Intl.RelativeTimeFormatUnit[] = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'];
    const intl = units.flatMap((unit) => Array.from({ length: 61 }, (_, n) => rtf.format(-n, unit)));
    const words = [...intl, ...allowed].sort((a, b) => b.length - a.length);
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-valuetext]'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    const left = (text: string) => {
      // Innermost first: a message may hold another ("⟦Zgłoszono ⟦przed chwilą⟧⟧").
      let rest = text;
      for (let before = ''; before !== rest; ) [before, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, ' ')];
      for (const word of words) rest = rest.split(word).join(' ');
      return rest;
    };
    return [...new Set(texts.filter((text) => /\p{L}/u.test(left(text))))];
  }, [...DATA_WORDS, ...ANIMAL_NAMES]);
}

test('every screen shows only text from the catalogues', async ({ page, wildalert }) => {
  await wildalert.createAlert({ ...KRAKOW, animal: 'boar', comments: COMMENT });
  await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.002, longitude: KRAKOW.longitude, animal: 'wolf' });
  await pseudoLocale(page);
  const leaks: Record<string, string[]> = {};
  const check = async (screen: string) => {
    leaks[screen] = await unwrapped(page);
  };

  // The map, its legend and toolbar, a popup with its actions, the abuse report's dialog.
  await page.goto('');
  await expect(page.getByRole('link', { name: '⟦Dodaj zgłoszenie⟧' })).toBeVisible();
  await page.getByRole('button', { name: /^⟦Dzik, / }).tap();
  await expect(popup(page).getByTestId('alert-time')).toHaveText(/^⟦.+⟧$/);
  await check('map with a popup');
  await popup(page).getByRole('button', { name: '⟦Zgłoś nadużycie⟧' }).tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('abuse report');

  // The list; a filter that leaves nothing in view.
  await page.goto('?view=list');
  await expect(page.getByRole('heading', { name: '⟦Zgłoszenia: 2⟧' })).toBeVisible();
  await check('list');
  await page.goto('?animal=bear');
  await expect(page.getByText(/⟦Brak zgłoszeń w tym widoku/)).toBeVisible();
  await check('empty view');

  // Area alerts' sheet.
  await page.goto('');
  await page.getByRole('button', { name: '⟦Powiadamiaj mnie o zgłoszeniach w pobliżu⟧' }).tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('area alerts');

  // The add form, with the server refusing a field.
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Lis' }).tap();
  await page.getByRole('region', { name: /^⟦Mapa wyboru miejsca/ }).tap({ position: { x: 100, y: 100 } });
  await page.route('**/Alerts', (route) => route.continue({ postData: JSON.stringify({ ...JSON.parse(route.request().postData()!), comments: 'x'.repeat(1001) }) }));
  await page.getByRole('button', { name: '⟦Zgłoś⟧', exact: true }).tap();
  await expect(page.getByRole('alert')).toHaveText('⟦Popraw zaznaczone pola.⟧');
  await check('add form');

  // The test screen and a page that does not exist.
  await page.goto('test');
  await expect(page.getByTestId('check-api')).toHaveText(/⟦/);
  await check('test screen');
  await page.goto('no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/⟦/);
  await check('not found');

  expect(leaks).toEqual(Object.fromEntries(Object.keys(leaks).map((screen) => [screen, []])));
});
