/**
 * Finding what matters: the time window (7 days by default), the animal filter, permalinks
 * and "Udostępnij", the view and filters in the address, the list view, open data.
 * Old alerts are seeded straight into the database (the API only stores them as "now").
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, grantGeolocation, test, type WildAlertServer } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, marker, popup, positionAnswered, WARSAW, watchPositionAnswers } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} } });

interface Seed {
  latitude?: number;
  longitude?: number;
  animal: string;
  comments?: string;
  /** How long ago it was reported, in hours. */
  hoursAgo: number;
}

async function seed(wildalert: WildAlertServer, s: Seed): Promise<string> {
  const id = randomUUID();
  const point = 'ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography';
  await wildalert.sql(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     VALUES ($1, ${point}, ${point}, $4, $5, now() - make_interval(hours => $6))`,
    [id, s.longitude ?? KRAKOW.longitude, s.latitude ?? KRAKOW.latitude, s.animal, s.comments ?? '', s.hoursAgo],
  );
  return id;
}

const near = (dLat: number, dLon: number) => ({ latitude: KRAKOW.latitude + dLat, longitude: KRAKOW.longitude + dLon });
const DAY = 24;
const pressed = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true, pressed: true });

test('the map shows the last 7 days by default; "Wszystkie" and "24 h" change that', async ({ page, wildalert }) => {
  await seed(wildalert, { ...near(0.01, 0), animal: 'boar', comments: 'Osiem dni temu', hoursAgo: 8 * DAY });
  await seed(wildalert, { ...near(-0.01, 0), animal: 'fox', comments: 'Wczoraj', hoursAgo: DAY + 1 });
  await seed(wildalert, { ...near(0, 0.01), animal: 'hare', comments: 'Dwie godziny temu', hoursAgo: 2 });
  await page.goto('');
  await expect(marker(page, 'Lis')).toBeVisible();
  await expect(marker(page, 'Zając')).toBeVisible();
  await expect(marker(page, 'Dzik')).toHaveCount(0);
  await expect(pressed(page, '7 dni')).toBeVisible();

  await page.getByRole('button', { name: 'Wszystkie', exact: true }).click();
  await expect(marker(page, 'Dzik')).toBeVisible();
  await expect(pressed(page, 'Wszystkie')).toBeVisible();
  await expect(page).toHaveURL(/[?&]t=all/);

  await page.getByRole('button', { name: '24 h', exact: true }).click();
  await expect(marker(page, 'Lis')).toHaveCount(0);
  await expect(marker(page, 'Dzik')).toHaveCount(0);
  await expect(marker(page, 'Zając')).toBeVisible();
});

test('the animal filter shows one or several animals, by their Polish names', async ({ page, wildalert }) => {
  // Far enough apart (about 2 km) that no two share a cluster.
  await seed(wildalert, { ...near(0.02, 0), animal: 'boar', hoursAgo: 1 });
  await seed(wildalert, { ...near(-0.02, 0), animal: 'fox', hoursAgo: 1 });
  await seed(wildalert, { ...near(0, 0.04), animal: 'roe-deer', hoursAgo: 1 });
  await page.goto('');
  for (const name of ['Dzik', 'Lis', 'Sarna']) await expect(marker(page, name)).toBeVisible();
  await expect(pressed(page, 'Wszystkie zwierzęta')).toBeVisible();

  await page.getByRole('button', { name: 'Dzik', exact: true }).click();
  await expect(marker(page, 'Lis')).toHaveCount(0);
  await expect(marker(page, 'Sarna')).toHaveCount(0);
  await expect(marker(page, 'Dzik')).toBeVisible();

  await page.getByRole('button', { name: 'Lis', exact: true }).click();
  await expect(marker(page, 'Lis')).toBeVisible();
  await expect(marker(page, 'Dzik')).toBeVisible();
  await expect(marker(page, 'Sarna')).toHaveCount(0);
  await expect(page).toHaveURL(/animal=boar&animal=fox/);

  // A new sighting of another animal does not slip past the filter.
  await wildalert.createAlert({ ...near(0.02, 0.04), animal: 'roe-deer' });
  await wildalert.createAlert({ ...near(-0.02, -0.04), animal: 'fox', comments: 'nowy lis' });
  await expect(marker(page, 'Lis')).toHaveCount(2);
  await expect(marker(page, 'Sarna')).toHaveCount(0);

  await page.getByRole('button', { name: 'Wszystkie zwierzęta', exact: true }).click();
  await expect(marker(page, 'Sarna')).toHaveCount(2);
});

test('a permalink opens an alert older than the window, centred with its popup; "Udostępnij" copies it', async ({ page, context, wildalert }) => {
  const nowaHuta = { latitude: 50.0722, longitude: 20.0378 };
  const id = await seed(wildalert, { ...nowaHuta, animal: 'boar', comments: 'Dzik sprzed miesiąca', hoursAgo: 40 * DAY });
  await seed(wildalert, { ...near(0, 0), animal: 'fox', hoursAgo: 1 });
  // A position elsewhere must not pull the map away from the alert.
  await grantGeolocation(page, WARSAW.latitude, WARSAW.longitude);
  await watchPositionAnswers(page);
  // No share sheet here: the link goes to the clipboard.
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto(`alerts/${id}`);
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Dzik sprzed miesiąca');
  await expect(pressed(page, '7 dni')).toBeVisible();
  await positionAnswered(page);
  const map = (await page.locator('.wa-map').boundingBox())!;
  const pin = (await marker(page, 'Dzik').boundingBox())!;
  expect(Math.abs(pin.x + 12 - (map.x + map.width / 2))).toBeLessThan(map.width / 4);
  expect(Math.abs(pin.y + 41 - (map.y + map.height / 2))).toBeLessThan(map.height / 3);

  await popup(page).getByRole('button', { name: 'Udostępnij' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Skopiowano link do zgłoszenia.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The link carries the language it was shared in.
  expect(copied).toBe(`${wildalert.origin}/WildAlertApp/alerts/${id}?lang=pl`);

  // Closing the popup returns the address to the map's.
  await page.getByRole('button', { name: 'Zamknij' }).first().click();
  await expect(page).toHaveURL(/\/WildAlertApp\/(\?.*)?$/);
});

test('"Udostępnij" uses the system share sheet where there is one', async ({ page, wildalert }) => {
  const id = await seed(wildalert, { animal: 'fox', hoursAgo: 1 });
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data) });
  });
  await page.goto('');
  await marker(page, 'Lis').click();
  await popup(page).getByRole('button', { name: 'Udostępnij' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
    { title: 'WildAlert: Lis', url: `${wildalert.origin}/WildAlertApp/alerts/${id}?lang=pl` },
  ]);
});

test('a permalink to an alert that does not exist says so in Polish', async ({ page }) => {
  await page.goto(`alerts/${randomUUID()}`);
  await expect(page.getByText('Nie znaleziono tego zgłoszenia. Mogło zostać usunięte.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
});

test('the view and the filters live in the address: a reload keeps them, and the position does not move the map', async ({ page, wildalert }) => {
  await seed(wildalert, { ...near(0.002, 0.002), animal: 'fox', hoursAgo: 20 * DAY });
  await seed(wildalert, { ...near(-0.002, -0.002), animal: 'boar', hoursAgo: 20 * DAY });
  await grantGeolocation(page, WARSAW.latitude, WARSAW.longitude);
  await watchPositionAnswers(page);
  await page.goto(`?t=30d&animal=fox&lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=15`);
  await expect(marker(page, 'Lis')).toBeVisible();
  await expect(marker(page, 'Dzik')).toHaveCount(0);
  await expect(pressed(page, '30 dni')).toBeVisible();
  await expect(pressed(page, 'Lis')).toBeVisible();

  await page.getByRole('button', { name: 'Przybliż' }).click();
  // Written once the zoom has ended and the map rested.
  await expect(page).toHaveURL(/z=16/);
  const before = (await marker(page, 'Lis').boundingBox())!;

  await page.reload();
  await expect(marker(page, 'Lis')).toBeVisible();
  await positionAnswered(page);
  const after = (await marker(page, 'Lis').boundingBox())!;
  expect(Math.abs(after.x - before.x)).toBeLessThan(3);
  expect(Math.abs(after.y - before.y)).toBeLessThan(3);
  await expect(pressed(page, '30 dni')).toBeVisible();
  await expect(pressed(page, 'Lis')).toBeVisible();
  await expect(marker(page, 'Dzik')).toHaveCount(0);

  await page.getByRole('button', { name: 'Lista', exact: true }).click();
  await expect(page).toHaveURL(/view=list/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zgłoszenia: 1' })).toBeVisible();
  await expect(page).toHaveURL(/t=30d/);
});

test('the list view works by keyboard alone, newest first, and axe finds nothing serious', async ({ page, wildalert }) => {
  await seed(wildalert, { ...near(0.01, 0), animal: 'boar', comments: 'Starszy, "duży", z młodymi', hoursAgo: 5 });
  await seed(wildalert, { ...near(-0.01, 0.01), animal: 'fox', comments: 'Na parkingu', hoursAgo: 3 });
  await seed(wildalert, { ...near(0.02, -0.02), animal: 'roe-deer', comments: '', hoursAgo: 30 });
  await page.goto('');
  await expect(marker(page, 'Lis')).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Lista', exact: true });
  for (let i = 0; i < 20 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');

  const heading = page.getByRole('heading', { name: 'Zgłoszenia: 3' });
  await expect(heading).toBeFocused();
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Lis');
  await expect(items.nth(0)).toContainText('Na parkingu');
  await expect(items.nth(0)).toContainText('3 godziny temu');
  await expect(items.nth(0)).toContainText(/\d+(,\d)? (m|km)$/);
  await expect(items.nth(1)).toContainText('Starszy, "duży", z młodymi');
  await expect(items.nth(2)).toContainText('wczoraj');
  await expect(page.getByText('Odległość od środka mapy.')).toBeVisible();
  // The map behind is out of reach while the list is open.
  await expect(page.locator('.wa-map-layer')).toHaveAttribute('inert', '');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The same alerts to download, folded under one button so that the list comes first.
  const downloads = page.locator('summary', { hasText: 'Pobierz dane' });
  const spreadsheet = page.getByRole('link', { name: 'Arkusz kalkulacyjny (Excel, LibreOffice)' });
  await expect(spreadsheet).toBeHidden();
  await downloads.click();
  // For people: a workbook in Polish.
  const xlsx = await page.request.get(new URL((await spreadsheet.getAttribute('href'))!, wildalert.origin).href);
  expect(xlsx.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(xlsx.headers()['content-language']).toBe('pl');
  // For programs: CSV and GeoJSON.
  const csv = page.getByRole('link', { name: 'CSV dla programów' });
  const response = await page.request.get(new URL((await csv.getAttribute('href'))!, wildalert.origin).href);
  expect(response.headers()['content-type']).toMatch(/^text\/csv/);
  expect((await response.text()).trim().split('\r\n')).toHaveLength(4);
  await expect(page.getByRole('link', { name: 'GeoJSON dla map (GIS)' })).toHaveAttribute('href', /^\/Alerts\.geojson\?.*since=/);
  // The feed of the same area follows what is new: no window, no limit.
  const feed = page.getByRole('link', { name: 'Kanał Atom (czytnik wiadomości)' });
  const feedUrl = new URL((await feed.getAttribute('href'))!, wildalert.origin);
  expect(feedUrl.pathname).toBe('/Alerts.atom');
  // The feed in the language of the app.
  expect([...feedUrl.searchParams.keys()].sort()).toEqual(['Latitude', 'Longitude', 'Radius', 'lang']);
  const atom = await page.request.get(feedUrl.href);
  expect(atom.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  expect((await atom.text()).match(/<entry>/g)).toHaveLength(3);

  const fox = page.getByRole('link', { name: /^Lis, 3 godziny temu — pokaż na mapie$/ });
  for (let i = 0; i < 10 && !(await fox.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(fox).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts\/[0-9a-f-]{36}/);
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Na parkingu');
  await expect(pressed(page, 'Mapa')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
