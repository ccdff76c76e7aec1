import { expect, grantGeolocation, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, marker, PHONE, popup, positionAnswered, restingBox, sidewaysOverflow, WARSAW, watchPositionAnswers } from '../support/app.ts';

test('the map shows a marker for each seeded alert, with our own icon', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: 50.0497, longitude: 19.9445, animal: 'boar', comments: 'Przy Wawelu' });
  await wildalert.createAlert({ latitude: 50.068, longitude: 19.905, animal: 'fox', comments: 'Na Błoniach' });
  await wildalert.createAlert({ latitude: 50.031, longitude: 19.99, animal: 'roe-deer', comments: 'Nad Wisłą' });
  await page.goto('');
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  for (const name of ['Dzik', 'Lis', 'Sarna']) await expect(marker(page, name)).toBeVisible();
  const icon = marker(page, 'Dzik').locator('img');
  const [width, height, src] = await icon.evaluate((img: HTMLImageElement) => [img.width, img.height, img.src] as const);
  expect([width, height]).toEqual([25, 41]);
  // Our own asset: built into the app (inlined) or served by our server, never a CDN.
  expect(src.startsWith('data:image/svg+xml') || src.startsWith(wildalert.origin + '/WildAlertApp/'), src).toBe(true);
  // Anchor 12,41: the pin's tip is the alert's point.
  const box = (await marker(page, 'Dzik').boundingBox())!;
  const tip = await page.evaluate(() => {
    const el = document.querySelector('.wa-marker')! as HTMLElement;
    return [getComputedStyle(el).marginLeft, getComputedStyle(el).marginTop];
  });
  expect(tip).toEqual(['-12px', '-41px']);
  expect(box.width).toBe(25);
  // The tiles come from the tile server the server was told about (TILE_URL).
  await expect(page.locator('.leaflet-tile-loaded').first()).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/tiles\/13\//);
  await expect(page.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
});

test('a popup shows the Polish name, the comments, the coordinates and how long ago, kept current', async ({ page, wildalert }) => {
  const alert = await wildalert.createAlert({
    latitude: 50.0614,
    longitude: 19.9366,
    animal: 'boar',
    comments: 'Dwa dziki przy Plantach',
  });
  await page.clock.install({ time: new Date(Date.parse(alert.createdAt) + 3 * 3600_000 + 5 * 60_000) });
  await page.goto('');
  await marker(page, 'Dzik').click();
  const content = popup(page);
  await expect(content.getByRole('heading', { name: 'Dzik' })).toBeVisible();
  await expect(content.getByTestId('alert-comments')).toHaveText('Dwa dziki przy Plantach');
  await expect(content.getByTestId('alert-coordinates')).toHaveText('50.0614, 19.9366');
  await expect(content.getByTestId('alert-time')).toHaveText('Zgłoszono 3 godziny temu');
  await page.clock.fastForward('01:00:00');
  await expect(content.getByTestId('alert-time')).toHaveText('Zgłoszono 4 godziny temu');
  await page.clock.fastForward('24:00:00');
  await expect(content.getByTestId('alert-time')).toHaveText('Zgłoszono wczoraj');
});

test('a new alert reads "przed chwilą"', async ({ page, wildalert }) => {
  const alert = await wildalert.createAlert({ latitude: 50.0614, longitude: 19.9366, animal: 'fox' });
  await page.clock.install({ time: new Date(Date.parse(alert.createdAt) + 10_000) });
  await page.goto('');
  await marker(page, 'Lis').click();
  await expect(popup(page).getByTestId('alert-time')).toHaveText('Zgłoszono przed chwilą');
  await expect(popup(page).getByTestId('alert-comments')).toHaveCount(0);
});

test('a visitor in Warsaw who shares their position sees the map move there, with Warsaw alerts', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar', comments: 'Kraków' });
  await wildalert.createAlert({ latitude: 52.2319, longitude: 21.0067, animal: 'fox', comments: 'Warszawa, Pałac Kultury' });
  await grantGeolocation(page, WARSAW.latitude, WARSAW.longitude);
  // The map's tile (512 px, one zoom out from 13) around the visitor and the Warsaw alert.
  const warsawFetch = page.waitForRequest((r) => r.url().includes('/Alerts/tiles/12/2287/1348'));
  await page.goto('');
  await warsawFetch;
  await expect(marker(page, 'Lis')).toBeVisible();
  await expect(marker(page, 'Dzik')).toHaveCount(0);
  // The map centred on the visitor: the Warsaw alert is near the middle of the map.
  const map = (await page.locator('.wa-map').boundingBox())!;
  const pin = (await marker(page, 'Lis').boundingBox())!;
  expect(Math.abs(pin.x + 12 - (map.x + map.width / 2))).toBeLessThan(map.width / 4);
  expect(Math.abs(pin.y + 41 - (map.y + map.height / 2))).toBeLessThan(map.height / 4);
  await marker(page, 'Lis').click();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Warszawa, Pałac Kultury');
});

test('a position that arrives after the visitor moved the map does not move it', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar', comments: 'Kraków' });
  await wildalert.createAlert({ latitude: 52.2319, longitude: 21.0067, animal: 'fox', comments: 'Warszawa' });
  await grantGeolocation(page, WARSAW.latitude, WARSAW.longitude);
  await watchPositionAnswers(page);
  // The browser's answer is held back until the test lets it through.
  await page.addInitScript(() => {
    const real = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    let release: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    (window as unknown as { releasePosition: () => void }).releasePosition = () => release();
    navigator.geolocation.getCurrentPosition = (ok, fail, options) => void released.then(() => real(ok, fail, options));
  });
  await page.goto('');
  await expect(marker(page, 'Dzik')).toBeVisible();
  await page.mouse.move(640, 400);
  await page.mouse.down();
  await page.mouse.move(560, 380, { steps: 4 });
  await page.mouse.up();
  const before = await restingBox(marker(page, 'Dzik'));
  await page.evaluate(() => (window as unknown as { releasePosition: () => void }).releasePosition());
  await positionAnswered(page);
  expect(await marker(page, 'Dzik').boundingBox()).toEqual(before);
  await expect(marker(page, 'Lis')).toHaveCount(0);
});

test('coming back from another screen, the map is where the visitor left it', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar' });
  await page.goto('');
  await expect(marker(page, 'Dzik')).toBeVisible();
  await page.getByRole('button', { name: 'Przybliż' }).click();
  await page.mouse.move(640, 400);
  await page.mouse.down();
  await page.mouse.move(540, 350, { steps: 4 });
  await page.mouse.up();
  const before = (await restingBox(marker(page, 'Dzik')))!;
  await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).click();
  // The header's link is on both screens: back from the form once it shows, as a visitor would.
  await expect(page.getByRole('heading', { name: 'Nowe zgłoszenie' })).toBeVisible();
  await page.getByRole('link', { name: 'WildAlert — mapa zgłoszeń' }).click();
  await expect(marker(page, 'Dzik')).toBeVisible();
  const after = (await marker(page, 'Dzik').boundingBox())!;
  expect(Math.abs(after.x - before.x)).toBeLessThan(2);
  expect(Math.abs(after.y - before.y)).toBeLessThan(2);
});

test('moving the map far away loads the alerts there, once the map rests', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: 50.0497, longitude: 20.18, animal: 'hare', comments: 'Niepołomice' });
  await page.goto('');
  await expect(page.locator('.wa-map-status')).not.toContainText('Wczytywanie');
  await expect(marker(page, 'Zając')).toHaveCount(0);
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/Alerts/tiles/') && requests.push(r.url()));
  // Drag the map west twice, as a visitor would: about 20 km east.
  for (let i = 0; i < 2; i++) {
    await page.mouse.move(1000, 400);
    await page.mouse.down();
    await page.mouse.move(600, 400, { steps: 8 });
    await page.mouse.move(200, 400, { steps: 8 });
    await page.mouse.up();
  }
  await expect(marker(page, 'Zając')).toBeVisible();
  // The tiles the two pans revealed, each once, not a request per frame: a 1280 × 800 view
  // and its margin take at most 4 × 3 tiles of 512 pixels.
  expect(new Set(requests).size, `requests while panning: ${requests.join('\n')}`).toBe(requests.length);
  expect(requests.length, `requests while panning: ${requests.join('\n')}`).toBeLessThanOrEqual(2 * 12);
});

test('a failed fetch says so in Polish and offers to retry', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: 50.0497, longitude: 19.9445, animal: 'badger' });
  await page.route('**/Alerts/tiles/**', (route) => route.abort('connectionrefused'));
  await page.goto('');
  await expect(page.getByText('Nie udało się wczytać zgłoszeń.')).toBeVisible();
  await expect(marker(page, 'Borsuk')).toHaveCount(0);
  await page.unroute('**/Alerts/tiles/**');
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(marker(page, 'Borsuk')).toBeVisible();
  await expect(page.getByText('Nie udało się wczytać zgłoszeń.')).toHaveCount(0);
});

test('many alerts are clustered, and a cluster opens on click', async ({ page, wildalert }) => {
  for (let i = 0; i < 6; i++) {
    await wildalert.createAlert({ latitude: 50.05 + i * 0.0004, longitude: 19.94 + i * 0.0004, animal: 'boar' });
  }
  await page.goto('');
  // Named with how many and which animals.
  const cluster = page.getByRole('button', { name: '6 zgłoszeń w pobliżu — przybliż. dzik: 6' });
  await expect(cluster).toBeVisible();
  await expect(marker(page, 'Dzik')).toHaveCount(0);
  await cluster.click();
  await expect(cluster).toHaveCount(0);
  // Zoomed in: the six are now in smaller clusters and single markers, all still there.
  const total = async () => {
    const clusters = await page.getByRole('button', { name: /w pobliżu — przybliż\. / }).evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('title')!.split(' ')[0])),
    );
    return clusters.reduce((a, b) => a + b, 0) + (await marker(page, 'Dzik').count());
  };
  await expect.poll(total).toBe(6);
});

test('two alerts close together split into two markers when their cluster opens', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: 50.05, longitude: 19.94, animal: 'fox' });
  await wildalert.createAlert({ latitude: 50.0504, longitude: 19.9406, animal: 'fox' });
  await page.goto('');
  await page.getByRole('button', { name: '2 zgłoszenia w pobliżu — przybliż' }).click();
  await expect(marker(page, 'Lis')).toHaveCount(2);
});

test('alerts at one spot are listed together', async ({ page, wildalert }) => {
  // Wolves are published at the centre of a ~1 km cell: two reports land on one point.
  await wildalert.createAlert({ latitude: 50.0501, longitude: 19.9401, animal: 'wolf', comments: 'pierwszy' });
  await wildalert.createAlert({ latitude: 50.0502, longitude: 19.9402, animal: 'wolf', comments: 'drugi' });
  await page.goto('');
  // Zooming in cannot split them: the cluster lists them instead.
  await page.getByRole('button', { name: '2 zgłoszenia w pobliżu — przybliż' }).click();
  await expect(popup(page).getByText('2 zgłoszenia w tym samym miejscu')).toBeVisible();
  await expect(popup(page).getByRole('heading', { name: 'Wilk' })).toHaveCount(2);
});

test('every alert at one spot is counted and can be seen, a page at a time (on a phone)', async ({ page, wildalert }) => {
  // On a phone the growing popup pans the map, the hard case: the list must keep its place.
  await page.setViewportSize(PHONE);
  // 55 wolves in one cell (50.05–50.06 N): all published at its centre. More than the 50 the list once held.
  await Promise.all(
    Array.from({ length: 55 }, (_, i) =>
      wildalert.createAlert({ latitude: 50.0501 + i * 0.00005, longitude: 19.9401, animal: 'wolf', comments: `wilk ${i + 1}` }),
    ),
  );
  await page.goto('');
  await page.getByRole('button', { name: '55 zgłoszeń w pobliżu — przybliż' }).click();
  const list = popup(page);
  const wolves = list.getByRole('heading', { name: 'Wilk' });
  const more = list.getByRole('button', { name: 'Pokaż kolejne' });
  await expect(list.getByText('55 zgłoszeń w tym samym miejscu')).toBeVisible();
  await expect(wolves).toHaveCount(20);
  await expect(list.getByText('Pokazano 20 z 55.')).toBeVisible();
  expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await more.press('Enter');
  await expect(wolves).toHaveCount(40);
  // The keyboard goes on from the first alert it revealed.
  await expect(list.locator('.wa-spot-list > div').nth(20)).toBeFocused();
  await expect(list.getByText('Pokazano 40 z 55.')).toBeVisible();
  await more.click();
  await expect(wolves).toHaveCount(55);
  await expect(more).toHaveCount(0);
  // Each of them once, newest first.
  const comments = await list.getByTestId('alert-comments').allTextContents();
  expect(new Set(comments).size).toBe(55);
  const times = await list.locator('[data-testid="alert-time"] time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime')!));
  expect(times).toEqual([...times].sort().reverse());
});

test('a marker opens with the keyboard', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: 50.0497, longitude: 19.9445, animal: 'marten', comments: 'Na dachu' });
  await page.goto('');
  await expect(marker(page, 'Kuna')).toBeVisible();
  for (let i = 0; i < 40 && !(await marker(page, 'Kuna').evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(marker(page, 'Kuna')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Na dachu');
});

test('markup in a comment shows as text and runs nothing', async ({ page, wildalert }) => {
  const comments = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  await wildalert.createAlert({ latitude: 50.0497, longitude: 19.9445, animal: 'boar', comments });
  const dialogs: string[] = [];
  const stray: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => /\/x$/.test(new URL(r.url()).pathname) && stray.push(r.url()));
  await page.goto('');
  await marker(page, 'Dzik').click();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText(comments);
  expect(await popup(page).locator('img, script').count()).toBe(0);
  // An image the comment made, even one never attached, would have been asked for by now and
  // failed (running its onerror) before an image the page asks for after it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const image = new Image();
        image.onload = image.onerror = () => resolve();
        image.src = 'after-the-popup.png';
      }),
  );
  expect(dialogs).toEqual([]);
  expect(stray).toEqual([]);
});

test('the add button is round, at the bottom right 18 px from the edges, and opens the add screen', async ({ page }) => {
  await page.goto('');
  const add = page.getByRole('link', { name: 'Dodaj zgłoszenie' });
  const box = (await add.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(viewport.width - (box.x + box.width)).toBeCloseTo(18, 0);
  expect(viewport.height - (box.y + box.height)).toBeCloseTo(18, 0);
  expect(box.width).toBeGreaterThanOrEqual(48);
  expect(box.height).toBe(box.width);
  expect(await add.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('50%');
  await add.click();
  await expect(page).toHaveURL(/\/WildAlertApp\/addAlert$/);
  await expect(page.getByRole('heading', { name: 'Nowe zgłoszenie' })).toBeVisible();
});

test('the logo returns to the map from every screen', async ({ page, baseURL }) => {
  for (const path of ['addAlert', 'test', 'no-such-page']) {
    await page.goto(path);
    await page.getByRole('link', { name: 'WildAlert — mapa zgłoszeń' }).click();
    await expect(page).toHaveURL(baseURL!);
    await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  }
});

test('deep links open their screens, and an unknown path leads back to the map', async ({ page, baseURL }) => {
  await page.goto('addAlert');
  await expect(page.getByRole('heading', { name: 'Nowe zgłoszenie' })).toBeVisible();
  await expect(page).toHaveTitle('Nowe zgłoszenie — WildAlert');
  await page.goto('test');
  await expect(page.getByRole('heading', { name: 'Ekran testowy' })).toBeVisible();
  await expect(page).toHaveTitle('Ekran testowy — WildAlert');
  await page.goto('no/such/page');
  await expect(page.getByRole('heading', { name: 'Nie ma takiej strony' })).toBeVisible();
  await expect(page).toHaveTitle('Nie ma takiej strony — WildAlert');
  await page.getByRole('link', { name: 'Wróć do mapy' }).click();
  await expect(page).toHaveURL(baseURL!);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the map fits 360 px with no sideways scrolling, and its controls are large enough to tap', async ({ page, wildalert }) => {
    await wildalert.createAlert({ latitude: 50.0497, longitude: 19.9445, animal: 'boar', comments: 'x'.repeat(300) });
    await page.goto('');
    await expect(marker(page, 'Dzik')).toBeVisible();
    await marker(page, 'Dzik').tap();
    await expect(popup(page)).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Fingers zoom by pinching: no zoom buttons to cover the map.
    await expect(page.getByRole('button', { name: 'Przybliż' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Oddal' })).toBeHidden();
    const targets = [
      page.getByRole('link', { name: 'Dodaj zgłoszenie' }),
      page.getByRole('button', { name: 'Pokaż moje położenie' }),
      page.getByRole('button', { name: 'Legenda' }),
      page.getByRole('link', { name: 'WildAlert — mapa zgłoszeń' }),
      popup(page).getByRole('button', { name: 'Zamknij' }),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(Math.min(box.width, box.height), await target.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
    }
    const add = (await page.getByRole('link', { name: 'Dodaj zgłoszenie' }).boundingBox())!;
    expect(PHONE.width - (add.x + add.width)).toBeCloseTo(18, 0);
  });
});

test('axe finds nothing serious on the map', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: 50.0497, longitude: 19.9445, animal: 'boar', comments: 'Przy Wawelu' });
  await page.goto('');
  await marker(page, 'Dzik').click();
  await expect(popup(page)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
