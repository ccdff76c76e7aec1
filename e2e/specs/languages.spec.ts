/**
 * Polish, English and Ukrainian on a 360 px phone: the language of the browser on a first visit,
 * the map and a popup, the list, the add form with the server's refusal, the test screen, and the
 * switcher in the header, which keeps the map where it was.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup, restingBox, sidewaysOverflow } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

/** An alert reported `hoursAgo` hours ago, at Kraków. */
async function seed(wildalert: WildAlertServer, animal: string, hoursAgo: number): Promise<string> {
  const id = randomUUID();
  const point = 'ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography';
  await wildalert.sql(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     VALUES ($1, ${point}, ${point}, $4, '', now() - make_interval(mins => $5))`,
    [id, KRAKOW.longitude, KRAKOW.latitude, animal, Math.round(hoursAgo * 60)],
  );
  return id;
}

const LANGUAGES = [
  {
    lang: 'pl',
    locale: 'pl-PL',
    animal: 'Dzik',
    marker: 'pokaż zgłoszenie',
    reported: 'Zgłoszono 3 godziny temu',
    list: 'Lista',
    listTitle: 'Zgłoszenia: 1',
    add: 'Dodaj zgłoszenie',
    fox: 'Lis',
    picker: /^Mapa wyboru miejsca/,
    comments: 'Opis (nieobowiązkowy)',
    submit: 'Zgłoś',
    summary: 'Popraw zaznaczone pola.',
    tooLong: 'Opis może mieć najwyżej 1000 znaków.',
    testTitle: 'Ekran testowy',
    apiOk: 'działa',
  },
  {
    lang: 'en',
    locale: 'en-GB',
    animal: 'Wild boar',
    marker: 'show the report',
    reported: 'Reported 3 hours ago',
    list: 'List',
    listTitle: 'Reports: 1',
    add: 'Report a sighting',
    fox: 'Fox',
    picker: /^Map for choosing the place/,
    comments: 'Description (optional)',
    submit: 'Report',
    summary: 'Correct the marked fields.',
    tooLong: 'The description can be at most 1,000 characters long.',
    testTitle: 'Test screen',
    apiOk: 'working',
  },
  {
    lang: 'uk',
    locale: 'uk-UA',
    animal: 'Дикий кабан',
    marker: 'показати повідомлення',
    reported: 'Повідомлено 3 години тому',
    list: 'Список',
    listTitle: 'Повідомлення: 1',
    add: 'Додати повідомлення',
    fox: 'Лисиця',
    picker: /^Мапа для вибору місця/,
    comments: 'Опис (необовʼязково)',
    submit: 'Повідомити',
    summary: 'Виправте позначені поля.',
    tooLong: 'Опис може містити щонайбільше 1\u00a0000 символів.',
    testTitle: 'Тестовий екран',
    apiOk: 'працює',
  },
] as const;

const markerOf = (page: Page, animal: string, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${animal}, .+ — ${label}$`) });

for (const l of LANGUAGES) {
  test.describe(`a phone whose browser speaks ${l.locale}`, () => {
    test.use({ locale: l.locale });

    test('the map, a popup and the list speak its language, and <html lang> says which', async ({ page, wildalert }) => {
      await seed(wildalert, 'boar', 3.5);
      await page.goto('');
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      await markerOf(page, l.animal, l.marker).tap();
      await expect(popup(page).getByRole('heading', { name: l.animal })).toBeVisible();
      await expect(popup(page).getByTestId('alert-time')).toHaveText(l.reported);
      await expect(page.getByRole('link', { name: l.add })).toBeVisible();

      await page.getByRole('button', { name: l.list, exact: true }).tap();
      await expect(page.getByRole('heading', { name: l.listTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(`^${l.animal}, `) })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });

    test("the add form says in its language what the server refused", async ({ page, wildalert }) => {
      await page.goto('addAlert');
      await page.getByRole('radio', { name: l.fox }).tap();
      await page.getByRole('region', { name: l.picker }).tap({ position: { x: 100, y: 100 } });
      await page.getByRole('textbox', { name: l.comments }).fill('🦊');
      // Past the browser's own check: the body leaves with 1001 characters of comments.
      await page.route('**/Alerts', (route) => {
        const body = JSON.parse(route.request().postData()!);
        return route.continue({ postData: JSON.stringify({ ...body, comments: 'x'.repeat(1001) }) });
      });
      await page.getByRole('button', { name: l.submit, exact: true }).tap();
      await expect(page.getByRole('alert')).toHaveText(l.summary);
      await expect(page.locator('#comments-helper-text')).toContainText(l.tooLong);
      expect(await wildalert.searchAlerts({ Latitude: KRAKOW.latitude, Longitude: KRAKOW.longitude, Radius: 100 })).toHaveLength(0);
    });

    test('the test screen speaks its language', async ({ page }) => {
      await page.goto('test');
      await expect(page.getByRole('heading', { name: l.testTitle, level: 1 })).toBeVisible();
      await expect(page.getByTestId('alert-time')).toHaveText(l.reported);
      await expect(page.getByTestId('check-api')).toHaveText(l.apiOk);
      await expect(page).toHaveTitle(`${l.testTitle} — WildAlert`);
    });
  });
}

test('the switcher changes the language where the map looks, keeps the choice, and a shared link gives way to it', async ({ page, wildalert }) => {
  await seed(wildalert, 'boar', 3.5);
  await page.goto('?lat=50.05000&lng=19.95000&z=15');
  // The app has taken over from the header index.html paints (a switcher alike, not yet live).
  await expect(markerOf(page, 'Dzik', 'pokaż zgłoszenie')).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Język' });
  await expect(switcher.getByRole('option')).toHaveText(['Polski', 'English', 'Українська']);
  const address = page.url();

  await switcher.focus();
  await switcher.selectOption('uk');
  // The header is not drawn anew: the focus stays on the switcher.
  await expect(page.getByRole('combobox', { name: 'Мова' })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('link', { name: 'Додати повідомлення' })).toBeVisible();
  await expect(markerOf(page, 'Дикий кабан', 'показати повідомлення')).toBeVisible();
  // The map did not move: the address still says the same centre and zoom.
  expect(page.url()).toBe(address);

  // Remembered on the device: a reload, and a link shared in English, open in Ukrainian.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Додати повідомлення' })).toBeVisible();
  await page.goto('?lang=en&lat=50.05000&lng=19.95000&z=15');
  await expect(page.getByRole('link', { name: 'Додати повідомлення' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]lang=uk/);
});

test("a shared link opens in the language it was shared in, and the popup's Share passes it on", async ({ page, context, wildalert }) => {
  const id = await seed(wildalert, 'fox', 3.5);
  await page.goto(`alerts/${id}?lang=en`);
  await expect(popup(page).getByTestId('alert-time')).toHaveText('Reported 3 hours ago');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  // The map's later controls (the bell, "Where and when") pan the popup clear of them once they
  // load: a tap while it moved missed "Share" in one full run. Tapped where it rests.
  await expect(page.getByRole('button', { name: 'Where and when' })).toBeVisible();
  const share = popup(page).getByRole('button', { name: 'Share' });
  await restingBox(share);
  await share.tap();
  await expect(page.getByRole('status').filter({ hasText: 'Link to the report copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${wildalert.origin}/WildAlertApp/alerts/${id}?lang=en`);
});

test.describe('on a 320 px phone in Ukrainian, the longest name', () => {
  test.use({ locale: 'uk-UA', viewport: { width: 320, height: 640 } });

  test('the switcher fits beside the logo, whole and as tall as a finger', async ({ page }) => {
    await page.goto('');
    const switcher = page.getByRole('combobox', { name: 'Мова' });
    await expect(switcher).toHaveValue('uk');
    await expect(switcher).toBeInViewport({ ratio: 1 });
    expect((await switcher.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
