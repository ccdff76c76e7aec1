import type { Page } from '@playwright/test';
import { expect, grantGeolocation, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, PHONE, popup, sidewaysOverflow } from '../support/app.ts';

const all = { Latitude: KRAKOW.latitude, Longitude: KRAKOW.longitude, Radius: 100 };
const submit = (page: Page) => page.getByRole('button', { name: 'Zgłoś' });
const comments = (page: Page) => page.getByRole('textbox', { name: 'Opis (nieobowiązkowy)' });
const chosen = (page: Page) => page.getByTestId('chosen-coordinates');
const pickerMap = (page: Page) => page.getByRole('region', { name: /Mapa wyboru miejsca/ });

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('the form opened by its address is drawn at once, without a loading spinner first', async ({ page }) => {
  // Every loading spinner the page shows, from before its first script on.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { spinnersShown: shown });
    new MutationObserver(() => {
      if (document.querySelector('.wa-page-loading')) shown.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('addAlert');
  await expect(submit(page)).toBeVisible();
  await expect(pickerMap(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { spinnersShown: string[] }).spinnersShown)).toEqual([]);
});

test('a visitor reports a fox on a phone: animal, a tap on the map, a comment, "Zgłoś"', async ({ page, wildalert, baseURL }) => {
  await page.goto('');
  await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).tap();
  await expect(submit(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'Lis' }).tap();
  await pickerMap(page).tap({ position: { x: 150, y: 120 } });
  await expect(chosen(page)).toHaveText(/^\d+\.\d+, \d+\.\d+$/);
  const [latitude, longitude] = (await chosen(page).textContent())!.split(', ').map(Number);
  await comments(page).fill('Lis przebiegł przez ulicę Karmelicką');
  await expect(page.getByTestId('comments-counter')).toHaveText('36 / 1000');
  await submit(page).tap();

  // The map (its address may carry where it looks).
  await expect(page).toHaveURL(new RegExp(`^${baseURL!.replace(/[.?]/g, '\\$&')}(\\?.*)?$`));
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible();
  await expect(popup(page).getByRole('heading', { name: 'Lis' })).toBeVisible();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Lis przebiegł przez ulicę Karmelicką');
  await expect(popup(page).getByTestId('alert-time')).toHaveText('Zgłoszono przed chwilą');

  const stored = await wildalert.searchAlerts(all);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ animal: 'fox', comments: 'Lis przebiegł przez ulicę Karmelicką' });
  expect(stored[0]!.latitude).toBeCloseTo(latitude!, 5);
  expect(stored[0]!.longitude).toBeCloseTo(longitude!, 5);
  // The popup sits on the new alert, which the map centred on.
  await expect(popup(page).getByTestId('alert-coordinates')).toHaveText(`${latitude}, ${longitude}`);

  // The form starts empty next time, and the thanks are not repeated on reload.
  await page.reload();
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toHaveCount(0);
  await page.goto('addAlert');
  await expect(comments(page)).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Lis' })).not.toBeChecked();
});

test('a lost POST waits in the outbox, and the resend stores the alert exactly once', async ({ page, wildalert }) => {
  const outbox = page.getByTestId('outbox');
  const sendNow = outbox.getByRole('button', { name: 'Wyślij teraz' });
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Dzik' }).tap();
  await pickerMap(page).tap({ position: { x: 120, y: 100 } });
  await comments(page).fill('Wataha dzików przy Wiśle');
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(r.headers()['idempotency-key'] ?? ''));

  // 1. The request never reaches the server: the alert waits on the device.
  await page.route('**/Alerts', (route) => route.abort('connectionreset'));
  await submit(page).tap();
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  await expect(outbox).toContainText('Czeka na wysłanie');
  expect(await wildalert.searchAlerts(all)).toHaveLength(0);

  // 2. The server stores it, but the answer is lost on the way back: it still waits.
  await page.unroute('**/Alerts');
  await page.route('**/Alerts', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await sendNow.tap();
  await expect.poll(async () => (await wildalert.searchAlerts(all)).length).toBe(1);
  await expect(sendNow).toBeEnabled();
  await expect(outbox).toContainText('Czeka na wysłanie');

  // 3. The network is back: the resend gets the stored alert, not a second one.
  await page.unroute('**/Alerts');
  await sendNow.tap();
  await expect(outbox).toHaveCount(0);
  const stored = await wildalert.searchAlerts(all);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ animal: 'boar', comments: 'Wataha dzików przy Wiśle' });
  // Every send carried the same key.
  expect(posts.length).toBeGreaterThanOrEqual(3);
  expect(new Set(posts).size).toBe(1);
  expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
  // The form is free for the next alert.
  await page.goto('addAlert');
  await expect(comments(page)).toHaveValue('');
});

test('a field the server refuses is named at the field, and nothing is lost', async ({ page, wildalert }) => {
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Sarna' }).tap();
  await pickerMap(page).tap({ position: { x: 100, y: 100 } });
  await comments(page).fill('Sarna w ogrodzie');
  // Past the browser's own check: the body leaves with 1001 characters of comments.
  await page.route('**/Alerts', (route) => {
    const body = JSON.parse(route.request().postData()!);
    return route.continue({ postData: JSON.stringify({ ...body, comments: 'x'.repeat(1001) }) });
  });
  await submit(page).tap();
  await expect(page.getByRole('alert')).toHaveText('Popraw zaznaczone pola.');
  await expect(comments(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#comments-helper-text')).toContainText('Opis może mieć najwyżej 1000 znaków.');
  await expect(comments(page)).toHaveValue('Sarna w ogrodzie');
  await expect(page).toHaveURL(/\/addAlert$/);
  expect(await wildalert.searchAlerts(all)).toHaveLength(0);
});

test('the browser refuses too long a comment before sending, counting emoji as one', async ({ page, wildalert }) => {
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Jeż' }).tap();
  await pickerMap(page).tap({ position: { x: 100, y: 100 } });
  await comments(page).fill('🦔'.repeat(1000));
  await expect(page.getByTestId('comments-counter')).toHaveText('1000 / 1000');
  await comments(page).press('End');
  await comments(page).pressSequentially('!');
  await expect(page.getByTestId('comments-counter')).toHaveText('1001 / 1000');
  await expect(page.locator('#comments-helper-text')).toContainText('Opis może mieć najwyżej 1000 znaków.');
  let posted = false;
  page.on('request', (r) => r.method() === 'POST' && (posted = true));
  await submit(page).tap();
  await expect(page.getByRole('alert')).toHaveText('Popraw zaznaczone pola.');
  expect(posted).toBe(false);
  await comments(page).press('Backspace');
  await submit(page).tap();
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible();
  expect((await wildalert.searchAlerts(all))[0]!.comments).toBe('🦔'.repeat(1000));
});

test('too many reports: the answer says when to try again', async ({ page }) => {
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Lis' }).tap();
  await pickerMap(page).tap({ position: { x: 100, y: 100 } });
  await comments(page).fill('Lis');
  await page.route('**/Alerts', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/problem+json', 'retry-after': '30' },
      body: JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Slow down.' }),
    }),
  );
  await submit(page).tap();
  await expect(page.getByRole('alert')).toHaveText(/Za dużo zgłoszeń w krótkim czasie\. Spróbuj ponownie za 30 sekund\./);
  await expect(comments(page)).toHaveValue('Lis');
});

test('while sending, the button shows progress and cannot send twice', async ({ page, wildalert }) => {
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Bóbr' }).tap();
  await pickerMap(page).tap({ position: { x: 100, y: 100 } });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/Alerts', async (route) => {
    await held;
    await route.continue();
  });
  await submit(page).tap();
  const sending = page.getByRole('button', { name: 'Wysyłanie…' });
  await expect(sending).toBeDisabled();
  await sending.dispatchEvent('click');
  await page.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
  release();
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible();
  expect(await wildalert.searchAlerts(all)).toHaveLength(1);
});

test('a reload keeps the draft', async ({ page }) => {
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Kuna' }).tap();
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill('50.0614, 19.9366');
  await page.getByRole('button', { name: 'Ustaw' }).tap();
  await comments(page).fill('Kuna pod maską samochodu');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Kuna' })).toBeChecked();
  await expect(chosen(page)).toHaveText('50.0614, 19.9366');
  await expect(comments(page)).toHaveValue('Kuna pod maską samochodu');
  await expect(submit(page)).toBeEnabled();
});

test('the place starts at the visitor position when it is known, and "Użyj mojej lokalizacji" sets it', async ({ page }) => {
  await grantGeolocation(page, 50.0614, 19.9366);
  await page.goto('');
  await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).tap();
  await expect(chosen(page)).toHaveText('50.0614, 19.9366');
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill('50.1, 20');
  await page.getByRole('button', { name: 'Ustaw' }).tap();
  await expect(chosen(page)).toHaveText('50.1, 20');
  await page.context().setGeolocation({ latitude: 50.07, longitude: 19.95 });
  await page.getByRole('button', { name: 'Użyj mojej lokalizacji' }).tap();
  await expect(chosen(page)).toHaveText('50.07, 19.95');
});

test('without a known position, the place starts where the main map looks', async ({ page }) => {
  await page.goto('');
  await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).tap();
  await expect(page.getByText('Miejsce nie jest jeszcze wybrane.')).toBeVisible();
  await expect(submit(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'Dzik' }).tap();
  await page.getByRole('button', { name: 'Wskaż środek mapy' }).tap();
  await expect(chosen(page)).toHaveText('50.049683, 19.944544');
  await expect(submit(page)).toBeEnabled();
});

test('the pin can be dragged', async ({ page }) => {
  await page.goto('addAlert');
  await pickerMap(page).click({ position: { x: 100, y: 100 } });
  const before = await chosen(page).textContent();
  const pin = page.getByRole('button', { name: 'Wybrane miejsce (przeciągnij, aby zmienić)' });
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + 12, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + 60, { steps: 6 });
  await page.mouse.up();
  await expect(chosen(page)).not.toHaveText(before!);
});

test('a keyboard alone completes the form', async ({ page, wildalert }) => {
  await page.goto('addAlert');
  await expect(page.getByRole('heading', { name: 'Nowe zgłoszenie' })).toBeVisible();
  const tabTo = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 40; i++) {
      if (await check()) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('not reachable by Tab');
  };
  const focusedIs = (selector: string) => () => page.locator(selector).evaluate((el) => el === document.activeElement);
  await tabTo(focusedIs('input[name="animal"][value="boar"]'));
  await page.keyboard.press('ArrowRight'); // Lis
  await tabTo(focusedIs('#typed-coordinates'));
  await page.keyboard.type('50.0614, 19.9366');
  await page.keyboard.press('Enter');
  await expect(chosen(page)).toHaveText('50.0614, 19.9366');
  await tabTo(focusedIs('#comments'));
  await page.keyboard.type('Zgłoszone z klawiatury');
  await tabTo(focusedIs('button[type="submit"]'));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible();
  expect(await wildalert.searchAlerts(all)).toMatchObject([{ animal: 'fox', comments: 'Zgłoszone z klawiatury' }]);
});

test('the form fits 360 px, its choices are large enough to tap, and axe finds nothing serious', async ({ page }) => {
  await page.goto('addAlert');
  await expect(pickerMap(page)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  for (const name of ['Dzik', 'Inne']) {
    const tile = (await page.locator('label', { has: page.getByRole('radio', { name }) }).boundingBox())!;
    expect(tile.height).toBeGreaterThanOrEqual(44);
  }
  // The send button is in reach without scrolling.
  const send = (await submit(page).boundingBox())!;
  expect(send.y + send.height).toBeLessThanOrEqual(PHONE.height);
  expect(send.height).toBeGreaterThanOrEqual(44);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // And again with an error shown.
  await page.getByRole('radio', { name: 'Lis' }).tap();
  await pickerMap(page).tap({ position: { x: 100, y: 100 } });
  await comments(page).fill('x'.repeat(1001));
  await submit(page).tap();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('coordinates typed with Polish decimal commas are understood', async ({ page }) => {
  await page.goto('addAlert');
  const field = page.getByRole('textbox', { name: 'Szerokość, długość' });
  const typed = [
    ['50,0614 19,9366', '50.0614, 19.9366'],
    ['50,0615, 19,9367', '50.0615, 19.9367'],
    ['50.0616, 19.9368', '50.0616, 19.9368'],
    ['50,0617; 19,9369', '50.0617, 19.9369'],
  ];
  for (const [text, shown] of typed) {
    await field.fill(text!);
    await page.getByRole('button', { name: 'Ustaw' }).tap();
    await expect(chosen(page), text).toHaveText(shown!);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  }
  await field.fill('50,06 19');
  await page.getByRole('button', { name: 'Ustaw' }).tap();
  await expect(chosen(page)).toHaveText('50.06, 19');
  await field.fill('50,0614 19,9366 7');
  await page.getByRole('button', { name: 'Ustaw' }).tap();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(chosen(page)).toHaveText('50.06, 19');
});

test('the hint by "Zgłoś" names only what is still missing', async ({ page }) => {
  // The place is known from the start (the visitor's position): only the animal is missing.
  await grantGeolocation(page, 50.0614, 19.9366);
  await page.goto('');
  await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).tap();
  await expect(chosen(page)).toHaveText('50.0614, 19.9366');
  await expect(submit(page)).toHaveAccessibleDescription('Wybierz zwierzę, aby wysłać zgłoszenie.');
  await expect(page.getByText('Wybierz zwierzę i miejsce, aby wysłać zgłoszenie.')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Lis' }).tap();
  await expect(submit(page)).toBeEnabled();
  await expect(page.getByText(/aby wysłać zgłoszenie\.$/)).toHaveCount(0);
});

test('without a place, the hint asks for it, and for the animal only while none is chosen', async ({ page }) => {
  await page.goto('addAlert');
  await expect(submit(page)).toHaveAccessibleDescription('Wybierz zwierzę i wskaż miejsce, aby wysłać zgłoszenie.');
  await page.getByRole('radio', { name: 'Sarna' }).tap();
  await expect(submit(page)).toHaveAccessibleDescription('Wskaż miejsce, aby wysłać zgłoszenie.');
});
