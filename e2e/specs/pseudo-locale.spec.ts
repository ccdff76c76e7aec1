/**
 * Text that is not from a catalogue: the app's Polish messages are served wrapped in ⟦…⟧ (a
 * pseudo-locale, made in the browser from the real catalogue files), every screen is opened, and
 * any text a visitor sees or hears that is neither a wrapped message nor data (animal names from
 * the catalogue, comments, numbers, Intl's times and units, the brand) is a string written into
 * the code, which would stay Polish in English and Ukrainian.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ANIMALS, type Alert } from '@wildalert/shared';
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

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

/** A boar's alert with a photo (a JPEG the browser draws), reported as abusive: the popup's thumbnails and the moderator's list. */
async function alertWithPhoto(page: Page, origin: string): Promise<Alert> {
  const created = await fetch(`${origin}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...KRAKOW, animal: 'boar', comments: COMMENT }),
  });
  expect(created.status).toBe(201);
  const alert = ((await created.json()) as { data: Alert }).data;
  // What lets the reporter add photos: the server's answer, not the key it chose.
  const alertKey = created.headers.get('alert-key')!;
  const jpeg = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(640, 480);
    const c = canvas.getContext('2d')!;
    c.fillStyle = 'hsl(30 60% 45%)';
    c.fillRect(0, 0, 640, 480);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  const photo = await fetch(`${origin}/Alerts/${alert.id}/photos`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', 'alert-key': alertKey, 'idempotency-key': randomUUID() },
    body: new Uint8Array(jpeg),
  });
  expect(photo.status).toBe(201);
  const report = await fetch(`${origin}/Alerts/${alert.id}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason: COMMENT }),
  });
  expect(report.ok).toBe(true);
  return alert;
}

/** Words that are data, not interface: the brand, file formats, units, the map's credit line (Leaflet's own). */
const ORGANISATION = 'Straż Miejska';
/** Intl's own weekday names in Polish (an organisation's hours). */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((day) => new Intl.DateTimeFormat('pl', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day)));
const DATA_WORDS = ['Admin', 'WildAlert', 'Wild', 'Alert', 'GeoJSON', 'CSV', 'km', 'm', 'Leaflet', 'A JavaScript library for interactive maps', 'OpenStreetMap', COMMENT, ORGANISATION, ...WEEKDAYS];
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
  await alertWithPhoto(page, wildalert.origin);
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
  await expect(popup(page).getByTestId('alert-photos').locator('img')).toHaveJSProperty('complete', true);
  await check('map with a popup');
  // The photo's full view; Escape closes it, back to the popup.
  await popup(page).getByRole('button', { name: /^⟦Powiększ zdjęcie 1 z 1/ }).tap();
  await expect(page.getByTestId('photo-viewer').getByRole('img')).toBeVisible();
  await check('photo viewer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('photo-viewer')).toHaveCount(0);
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

  // The staff's screens: moderation before signing in, the sign-in with a single sign-on failure.
  await page.goto('moderation');
  await expect(page.getByRole('link', { name: '⟦Przejdź do logowania⟧' })).toBeVisible();
  await check('moderation signed out');
  await page.goto('staff/sign-in?error=sso_role');
  await expect(page.getByRole('alert')).toHaveText(/^⟦/);
  await check('staff sign-in');
  // Signed in (an admin, who sees every staff screen): the reported alert with its photo.
  await signInWithoutScreens(page, wildalert, 'admin', 'Admin');
  await page.goto('moderation');
  const card = page.getByTestId('moderation-reported').getByRole('article');
  await expect(card.getByRole('img', { name: '⟦Zdjęcie 1⟧' })).toBeVisible();
  await card.getByRole('button', { name: '⟦Ukryj zdjęcie 1⟧' }).tap();
  await expect(card.getByRole('button', { name: /^⟦Na pewno ukryć zdjęcie 1/ })).toBeVisible();
  await check('moderation');
  await page.goto('staff/account');
  await expect(page.getByText('⟦Brak tokenów.⟧')).toBeVisible();
  await check('my account');
  await page.goto('staff/people');
  await expect(page.getByText('⟦Brak otwartych zaproszeń.⟧')).toBeVisible();
  await check('people');
  // An organisation (made through the API with the session) with a report in its inbox, and its form.
  const organisationId = await page.evaluate(async (name) => {
    const me = ((await (await fetch('/staff/me')).json()) as { data: { csrfToken: string } }).data;
    const body = { name: { pl: name }, phone: '986', url: null, area: null, rules: [{ animals: null, behaviours: null }], callFor: ['aggressive'], hours: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '16:00' }], inbox: true };
    const created = await fetch('/staff/organisations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken }, body: JSON.stringify(body) });
    return ((await created.json()) as { id: string }).id;
  }, ORGANISATION);
  await wildalert.createAlert({ ...KRAKOW, animal: 'boar', comments: COMMENT, behaviour: 'aggressive', howMany: 'one' });
  await page.goto(`staff/inbox?organisation=${organisationId}`);
  await expect(page.getByRole('article', { name: 'Dzik' }).getByRole('button', { name: '⟦Przyjmij⟧' })).toBeVisible();
  await expect(page.getByTestId('inbox-figures')).toHaveText(/^⟦/);
  await check('inbox');
  await page.goto(`staff/organisations/${organisationId}`);
  await expect(page.getByRole('heading', { level: 1, name: ORGANISATION })).toBeVisible();
  await check('organisation form');
  await page.goto('no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/⟦/);
  await check('not found');

  expect(leaks).toEqual(Object.fromEntries(Object.keys(leaks).map((screen) => [screen, []])));
});
