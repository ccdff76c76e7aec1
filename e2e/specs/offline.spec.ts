/**
 * Offline use: the installable app (manifest, service worker under the base path), the app
 * shell without a network, and alerts reported in a dead zone that reach the server exactly
 * once when the connection returns.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, marker, popup } from '../support/app.ts';

// These specs are about the service worker: let it run (the others block it).
test.use({ serviceWorkers: 'allow', serverOptions: { engine: 'postgres', env: {} } });

const outbox = (page: Page) => page.getByTestId('outbox');

/** Opens the map and waits until the service worker controls the page. */
async function openControlled(page: Page) {
  await page.goto('');
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function fillForm(page: Page, animal: string, comments: string) {
  await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).click();
  await page.getByRole('radio', { name: animal }).click();
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill(`${KRAKOW.latitude}, ${KRAKOW.longitude}`);
  await page.getByRole('button', { name: 'Ustaw' }).click();
  await page.getByRole('textbox', { name: 'Opis (nieobowiązkowy)' }).fill(comments);
}

/** The POSTs to /Alerts the pages of the context send, by Idempotency-Key. */
function countPosts(context: BrowserContext): string[] {
  const keys: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/Alerts') keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

test('the manifest and the service worker are served under /WildAlertApp/, and the worker controls the page', async ({
  page,
  wildalert,
}) => {
  const manifest = await page.request.get('manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; start_url: string; scope: string; theme_color: string; icons: { src: string; type: string; purpose?: string }[] };
  expect(body).toMatchObject({ name: 'WildAlert', start_url: '/WildAlertApp/', scope: '/WildAlertApp/', theme_color: '#2e5e3a' });
  expect(body.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of body.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toContain(icon.type);
  }

  const sw = await page.request.get('sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  // A new version must reach visitors: the browser revalidates the worker every time.
  expect(sw.headers()['cache-control']).toBe('no-cache');

  await openControlled(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/WildAlertApp/manifest.webmanifest');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(
    `${wildalert.origin}/WildAlertApp/`,
  );

  // Chromium reads the manifest without complaint (the CSP lets it and the worker load) and
  // finds the app installable (but for the test's incognito profile, where nothing is).
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  expect(read.url).toBe(`${wildalert.origin}/WildAlertApp/manifest.webmanifest`);
  expect(read.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  // Tiles the controlled page loads are kept for later.
  const tilesCached = () =>
    page.evaluate(async () => ((await caches.has('wildalert-tiles')) ? (await (await caches.open('wildalert-tiles')).keys()).length : 0));
  await page.reload();
  await expect.poll(tilesCached).toBeGreaterThan(0);

  // Offline, the app still opens, on any of its routes, with the tiles seen before; opening a
  // file of the app directly (the worker's script, last online) did not replace the cached shell.
  await page.goto('sw.js');
  await page.context().setOffline(true);
  await page.goto('');
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  await expect
    .poll(() => page.locator('img.leaflet-tile').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length))
    .toBeGreaterThan(0);
  await page.goto('addAlert?near=50.06,19.94');
  await expect(page.getByRole('heading', { name: 'Nowe zgłoszenie' })).toBeVisible();

  // What the worker keeps: the app and tiles, never an answer of the API.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/WildAlertApp/');
  expect(cached.some((u) => u.startsWith('/WildAlertApp/assets/'))).toBe(true);
  expect(cached.some((u) => u.startsWith('/tiles/'))).toBe(true);
  expect(cached.filter((u) => /^\/(Alerts|Animals|health|openapi)/i.test(u))).toEqual([]);
});

test('an alert reported offline waits on the device, survives a closed tab, and is stored once when the network returns', async ({
  page,
  context,
  wildalert,
}) => {
  const stored = () => wildalert.sql<{ animal: string; comments: string }>('SELECT animal, comments FROM alerts ORDER BY created_at');
  const posts = countPosts(context);
  await openControlled(page);
  await fillForm(page, 'Dzik', 'Dzik przy przystanku, brak zasięgu');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Zgłoś' }).click();
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  await expect(outbox(page)).toContainText('Czeka na wysłanie');
  await outbox(page).getByText('Czeka na wysłanie').click();
  await expect(outbox(page).getByTestId('outbox-item')).toHaveText([/Dzik/]);
  expect(await stored()).toEqual([]);

  // The tab is closed and opened again, still without a network: the report is still there.
  await page.close();
  const again = await context.newPage();
  await again.goto('');
  await expect(outbox(again)).toContainText('Czeka na wysłanie');

  // A second report, offline too, which the visitor then cancels.
  await fillForm(again, 'Lis', 'Lis, jednak pomyłka');
  await expect(outbox(again)).toContainText('Czeka na wysłanie'); // on the form too
  await again.getByRole('button', { name: 'Zgłoś' }).click();
  await expect(outbox(again)).toContainText('Czeka na wysłanie: 2 zgłoszenia');
  await outbox(again).getByText('Czeka na wysłanie').click();
  const items = outbox(again).getByTestId('outbox-item');
  await expect(items).toHaveText([/Dzik/, /Lis/]);
  await items.filter({ hasText: 'Lis' }).getByRole('button', { name: 'Anuluj' }).click();
  await expect(items).toHaveText([/Dzik/]);
  expect(await seriousA11yViolations(again)).toEqual([]);

  // The network returns: the report goes out by itself, once, and the outbox empties.
  await context.setOffline(false);
  await expect(again.getByTestId('outbox-sent')).toHaveText('Wysłano zgłoszenie, które czekało na połączenie.');
  await expect(outbox(again)).toHaveCount(0);
  await expect.poll(stored).toEqual([{ animal: 'boar', comments: 'Dzik przy przystanku, brak zasięgu' }]);
  expect(posts).toHaveLength(1);
  await again.reload();
  await expect(again.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  await expect(outbox(again)).toHaveCount(0);
  expect(await stored()).toHaveLength(1);
});

test('offline, the map shows the alerts last seen, marked as such, until fresh ones arrive', async ({ page, context, wildalert }) => {
  await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar', comments: 'Widziany online' });
  await openControlled(page);
  const boar = marker(page, 'Dzik');
  await expect(boar).toBeVisible();
  const lastSeen = /^Ostatnio widziane, \d{1,2}:\d{2} — brak połączenia$/;
  await expect(page.getByText(lastSeen)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  await expect(page.getByText(lastSeen)).toBeVisible();
  await expect(boar).toBeVisible();
  await boar.click();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Widziany online');
  // The list says it too.
  await page.getByRole('button', { name: 'Lista', exact: true }).click();
  await expect(page.getByRole('listitem')).toHaveText([/Dzik/]);
  await expect(page.getByRole('region', { name: 'Zgłoszenia: 1' }).getByText(lastSeen)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Mapa', exact: true }).click();

  // Back online: fresh alerts replace them, and the note goes.
  await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.01, longitude: KRAKOW.longitude, animal: 'fox' });
  await context.setOffline(false);
  await expect(marker(page, 'Lis')).toBeVisible();
  await expect(page.getByText(lastSeen)).toHaveCount(0);
});
