/**
 * Where and when, on a phone: the hotspot view draws cells where alerts were seen, by season
 * and time of day, in the address. And the embeddable map: read-only inside another origin's
 * iframe, with a link to the full app; the app itself refuses to be framed, and the embed
 * refuses sites other than EMBED_FRAME_ANCESTORS.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Frame, FrameLocator, Page } from '@playwright/test';
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, PHONE } from '../support/app.ts';

const SEASON_OF_MONTH = ['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'autumn', 'autumn', 'autumn', 'winter'] as const;
const SEASON_PL = { spring: 'Wiosna', summer: 'Lato', autumn: 'Jesień', winter: 'Zima' } as const;
const NEXT_SEASON = { spring: 'summer', summer: 'autumn', autumn: 'winter', winter: 'spring' } as const;

/**
 * `count` alerts of `animal` near Kraków's centre, 40 days ago at `hour`:00 in Warsaw (the
 * server's TIME_ZONE); returns that day's season.
 */
async function seedAtHour(wildalert: WildAlertServer, animal: string, hour: number, count: number) {
  const point = 'ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography';
  const day = `(date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') - interval '40 days' + make_interval(hours => $5))`;
  for (let i = 0; i < count; i++) {
    await wildalert.sql(
      `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
       VALUES ($1, ${point}, ${point}, $4, '', ${day} AT TIME ZONE 'Europe/Warsaw')`,
      [randomUUID(), KRAKOW.longitude + i * 0.0004, KRAKOW.latitude, animal, hour],
    );
  }
  const [row] = await wildalert.sql<{ month: number }>(`SELECT extract(month FROM ${day.replace('$5', '0')})::int AS month`);
  return SEASON_OF_MONTH[row!.month - 1]!;
}

const toggle = (page: Page) => page.getByRole('button', { name: 'Gdzie i kiedy' });
const panel = (page: Page) => page.getByRole('region', { name: /^Gdzie i kiedy/ });
const status = (page: Page) => panel(page).getByRole('status');
/** How many cells the hotspot layer draws (the map says it as data-hotspot-cells). */
const cells = (page: Page) => page.locator('#wa-map').getAttribute('data-hotspot-cells');
const thumb = (page: Page, name: 'Od godziny' | 'Do godziny') => panel(page).getByRole('slider', { name });

/** Moves a thumb by keyboard to `hour`, a step at a time, as a keyboard or a screen reader would. */
async function slideTo(page: Page, name: 'Od godziny' | 'Do godziny', hour: number) {
  const slider = thumb(page, name);
  await slider.focus();
  for (let now = Number(await slider.getAttribute('aria-valuenow')); now !== hour; ) {
    await page.keyboard.press(now < hour ? 'ArrowRight' : 'ArrowLeft');
    const next = now + (now < hour ? 1 : -1);
    await expect(slider).toHaveAttribute('aria-valuenow', String(next));
    now = next;
  }
}

test.describe('the hotspot view on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('shows cells where boars were seen at dusk, and none for other hours or seasons; the address keeps it', async ({ page, wildalert }) => {
    const season = await seedAtHour(wildalert, 'boar', 18, 3);
    await page.goto(`./?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=15`);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    await toggle(page).tap();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(status(page)).toHaveText('W widoku: 3 zgłoszenia');
    expect(Number(await cells(page))).toBeGreaterThan(0);
    // The cells instead of the markers.
    await expect(page.getByRole('button', { name: /— pokaż zgłoszenie$/ })).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]hotspots=1/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Morning: nothing. Dusk again: the cells return.
    await slideTo(page, 'Od godziny', 6);
    await slideTo(page, 'Do godziny', 12);
    await expect(panel(page).getByText('Pora dnia: 6:00–12:00')).toBeVisible();
    await expect(status(page)).toHaveText('Brak zgłoszeń w widoku dla tych filtrów');
    await expect.poll(() => cells(page)).toBe('0');
    await expect(page).toHaveURL(/[?&]hours=6-12/);
    await slideTo(page, 'Do godziny', 21);
    await slideTo(page, 'Od godziny', 16);
    await expect(status(page)).toHaveText('W widoku: 3 zgłoszenia');
    expect(Number(await cells(page))).toBeGreaterThan(0);

    // Across midnight: the hours outside the thumbs, 21:00–16:00, leave out 18:00.
    await panel(page).getByRole('switch', { name: 'Przez północ' }).tap();
    await expect(panel(page).getByText('Pora dnia: 21:00–16:00')).toBeVisible();
    await expect(status(page)).toHaveText('Brak zgłoszeń w widoku dla tych filtrów');
    await expect(page).toHaveURL(/[?&]hours=21-16/);
    await panel(page).getByRole('switch', { name: 'Przez północ' }).tap();
    await expect(status(page)).toHaveText('W widoku: 3 zgłoszenia');

    // The season of the alerts, another one, the whole year.
    const seasonSelect = panel(page).getByRole('combobox', { name: 'Pora roku' });
    await seasonSelect.selectOption({ label: SEASON_PL[NEXT_SEASON[season]] });
    await expect(status(page)).toHaveText('Brak zgłoszeń w widoku dla tych filtrów');
    await expect.poll(() => cells(page)).toBe('0');
    await seasonSelect.selectOption({ label: SEASON_PL[season] });
    await expect(status(page)).toHaveText('W widoku: 3 zgłoszenia');
    expect(Number(await cells(page))).toBeGreaterThan(0);

    // A shared link opens the same view, filters and all.
    await page.reload();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page).getByRole('combobox', { name: 'Pora roku' })).toHaveValue(season);
    await expect(panel(page).getByText('Pora dnia: 16:00–21:00')).toBeVisible();
    await expect(status(page)).toHaveText('W widoku: 3 zgłoszenia');

    // Off: the markers are back.
    await toggle(page).tap();
    await expect(panel(page)).toBeHidden();
    await expect(page).not.toHaveURL(/hotspots=/);
  });

  test("follows the map's animal filter", async ({ page, wildalert }) => {
    await seedAtHour(wildalert, 'boar', 18, 2);
    await page.goto(`./?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=15&t=30d&hotspots=1&animal=fox`);
    await expect(status(page)).toHaveText('Brak zgłoszeń w widoku dla tych filtrów');
    await page.getByRole('button', { name: 'Dzik', exact: true }).tap();
    await expect(status(page)).toHaveText('W widoku: 2 zgłoszenia');
  });

  test('says that it counts 12 months, and presses no time window; choosing one returns to its markers', async ({ page }) => {
    await page.goto(`./?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=15&t=30d&hotspots=1`);
    await expect(panel(page).getByText('Ostatnie 12 miesięcy')).toBeVisible();
    const windows = page.getByRole('group', { name: 'Okres' }).getByRole('button');
    await expect(windows).toHaveCount(4);
    for (const button of await windows.all()) await expect(button).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: '7 dni', exact: true }).tap();
    await expect(panel(page)).toBeHidden();
    await expect(page).not.toHaveURL(/hotspots=/);
    await expect(page.getByRole('button', { name: '7 dni', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });
});

/** A page on another origin (127.0.0.1, another port) that frames `src`. */
async function hostPage(src: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="pl"><title>Gazeta</title><h1>Wiadomości</h1>
      <iframe src="${src}" title="Mapa WildAlert" width="340" height="480" style="border:0"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function iframeOf(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe').elementHandle();
  return (await handle!.contentFrame())!;
}

/** The frame the browser refused to show: Chromium puts its error page there instead. */
async function expectRefused(page: Page) {
  const frame = await iframeOf(page);
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
}

const embedMarker = (frame: FrameLocator, animalPl: string) => frame.getByRole('button', { name: new RegExp(`^${animalPl}, .+ — pokaż zgłoszenie$`) });

test.describe('the embeddable map', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('shows its markers read-only in another site\'s frame, and its link opens the full app there', async ({ page, wildalert, context }) => {
    await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar' });
    await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.002, longitude: KRAKOW.longitude, animal: 'fox' });
    const host = await hostPage(`${wildalert.origin}/WildAlertApp/embed?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=15&animal=boar&lang=pl`);
    // What the host site's developer would see in the console.
    const console: string[] = [];
    page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
    try {
      await page.goto(host.url);
      const frame = page.frameLocator('iframe');
      await expect(embedMarker(frame, 'Dzik')).toBeVisible();
      // The embed asks nothing of the host page: no position, no permission.
      await page.waitForTimeout(1000);
      expect(console.filter((line) => /geolocation|permission/i.test(line))).toEqual([]);
      // The address's animal only, no adding, no filters, no list.
      await expect(embedMarker(frame, 'Lis')).toHaveCount(0);
      await expect(frame.getByRole('link', { name: 'Dodaj zgłoszenie' })).toHaveCount(0);
      await expect(frame.getByRole('group', { name: /./ })).toHaveCount(0);
      // A popup without actions.
      await embedMarker(frame, 'Dzik').tap();
      await expect(frame.locator('.leaflet-popup')).toContainText('Dzik');
      await expect(frame.getByRole('button', { name: 'Zgłoś nadużycie' })).toHaveCount(0);

      const open = frame.getByRole('link', { name: /^Otwórz w WildAlert/ });
      // Within the frame's width, not pushed out of it.
      await expect(open).toBeInViewport({ ratio: 1 });
      await expect(open).toHaveAttribute('target', '_blank');
      await expect(open).toHaveAttribute('rel', /noopener/);
      const [app] = await Promise.all([context.waitForEvent('page'), open.tap()]);
      await app.waitForLoadState();
      const url = new URL(app.url());
      expect(url.origin + url.pathname).toBe(`${wildalert.origin}/WildAlertApp/`);
      expect(url.searchParams.get('animal')).toBe('boar');
      expect(Number(url.searchParams.get('lat'))).toBeCloseTo(KRAKOW.latitude, 2);
      expect(Number(url.searchParams.get('lng'))).toBeCloseTo(KRAKOW.longitude, 2);
      expect(url.searchParams.get('z')).toBe('15');
      // The full app, with its add button, not framed.
      await expect(app.getByRole('link', { name: 'Dodaj zgłoszenie' })).toBeVisible();
      await expect(app.getByRole('button', { name: /^Dzik, .+ — pokaż zgłoszenie$/ })).toBeVisible();
    } finally {
      await host.close();
    }
  });

  test('speaks the language the address names', async ({ page, wildalert }) => {
    const host = await hostPage(`${wildalert.origin}/WildAlertApp/embed?lang=uk`);
    try {
      await page.goto(host.url);
      await expect(page.frameLocator('iframe').getByRole('link', { name: /^Відкрити у WildAlert/ })).toBeVisible();
    } finally {
      await host.close();
    }
    // Opened by itself, it passes the accessibility checks as the app does.
    await page.goto('embed?lang=uk');
    await expect(page.getByRole('link', { name: /^Відкрити у WildAlert/ })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the app itself refuses to be framed by another site', async ({ page, wildalert }) => {
    const host = await hostPage(`${wildalert.origin}/WildAlertApp/`);
    try {
      await page.goto(host.url);
      await expectRefused(page);
    } finally {
      await host.close();
    }
  });
});

test.describe('with EMBED_FRAME_ANCESTORS naming another site', () => {
  test.use({ serverOptions: { engine: 'postgres', env: { EMBED_FRAME_ANCESTORS: 'https://news.example' } } });

  test('the embed refuses to be framed by this one', async ({ page, wildalert }) => {
    const embed = `${wildalert.origin}/WildAlertApp/embed`;
    // The site named may frame it.
    expect((await page.request.get(embed)).headers()['content-security-policy']).toMatch(/frame-ancestors https:\/\/news\.example(;|$)/);
    const host = await hostPage(embed);
    try {
      await page.goto(host.url);
      await expectRefused(page);
    } finally {
      await host.close();
    }
  });
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test("the embed comes from the network with its own headers, and never becomes the app's offline shell", async ({ page }) => {
    await page.goto('');
    await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const embed = await page.goto('embed');
    expect(embed!.fromServiceWorker()).toBe(false);
    expect(embed!.headers()['x-frame-options']).toBeUndefined();
    await expect(page.getByRole('link', { name: /^Otwórz w WildAlert/ })).toBeVisible();
    // The shell kept for offline use is still the app's, with the app's framing headers.
    const shellHeaders = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const shell = await (await caches.open('wildalert-shell')).match(registration.scope);
      return { frameOptions: shell?.headers.get('x-frame-options'), csp: shell?.headers.get('content-security-policy') };
    });
    expect(shellHeaders.frameOptions).toBe('DENY');
    expect(shellHeaders.csp).toContain("frame-ancestors 'none'");
  });
});
