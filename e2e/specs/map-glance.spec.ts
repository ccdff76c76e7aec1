/**
 * The map at a glance: a marker per animal and a legend, "you are here" and the way back to it,
 * a word on the map when the filters leave nothing in view, popups clear of every control that
 * stay put while data refreshes, and markers a keyboard reaches only where the map shows them.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, grantGeolocation, test, type WildAlertServer } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, mapAtRest, marker, PHONE, popup, restingBox } from '../support/app.ts';

const near = (dLat: number, dLon: number) => ({ latitude: KRAKOW.latitude + dLat, longitude: KRAKOW.longitude + dLon });
const locateButton = (page: Page) => page.getByRole('button', { name: 'Pokaż moje położenie' });
const legendButton = (page: Page) => page.getByRole('button', { name: 'Legenda' });
const legend = (page: Page) => page.getByRole('list', { name: 'Legenda' });
const youAreHere = (page: Page) => page.locator('path.wa-you');

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** An alert seeded straight into the database, `hoursAgo` old (the API stores only "now"). */
async function seed(wildalert: WildAlertServer, animal: string, hoursAgo: number, at = near(0, 0), comments = ''): Promise<string> {
  const id = randomUUID();
  const point = 'ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography';
  await wildalert.sql(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     VALUES ($1, ${point}, ${point}, $4, $6, now() - make_interval(hours => $5))`,
    [id, at.longitude, at.latitude, animal, hoursAgo, comments],
  );
  return id;
}

/** Drags the map by (dx, dy), from `below` pixels under its middle (clear of a marker and its popup there). */
async function drag(page: Page, dx: number, dy: number, below = 120) {
  const map = (await page.locator('.wa-map').boundingBox())!;
  const from = { x: centre(map).x, y: centre(map).y + below };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 4 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 4 });
  await page.mouse.up();
}

test('each animal has its own marker, and the legend names the animals in view', async ({ page, wildalert }) => {
  await wildalert.createAlert({ ...near(0.01, -0.03), animal: 'boar' });
  await wildalert.createAlert({ ...near(-0.01, 0), animal: 'fox' });
  await wildalert.createAlert({ ...near(0.01, 0.03), animal: 'hedgehog' });
  await page.goto('');
  const images = new Map<string, string>();
  for (const name of ['Dzik', 'Lis', 'Jeż']) {
    const img = marker(page, name).locator('img');
    await expect(img).toBeVisible();
    // Drawn: its picture arrived (a moment after the element, on a busy machine).
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const [src, width, height] = await img.evaluate((el: HTMLImageElement) => [el.src, el.width, el.height] as const);
    expect([width, height]).toEqual([25, 41]);
    expect(src.startsWith(`${wildalert.origin}/WildAlertApp/`), src).toBe(true);
    images.set(name, await (await page.request.get(src)).text());
  }
  // Three images, three drawings: a different shape or pictogram, not only another colour.
  expect(new Set(images.values()).size).toBe(3);

  // On a desktop the legend is open: the animals in view, each with its marker.
  await expect(legendButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(legend(page).getByRole('listitem')).toHaveText(['Dzik', 'Lis', 'Jeż']);
  for (const item of await legend(page).getByRole('listitem').all()) {
    const src = await item.locator('img').getAttribute('src');
    expect(images.has((await item.textContent())!)).toBe(true);
    expect(await (await page.request.get(new URL(src!, wildalert.origin).href)).text()).toBe(images.get((await item.textContent())!));
  }
  // It closes and opens from the keyboard.
  await legendButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(legend(page)).toBeHidden();
  await expect(legendButton(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(legend(page)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the legend waits behind a button, clear of the markers, until tapped', async ({ page, wildalert }) => {
    await wildalert.createAlert({ ...near(0.005, 0), animal: 'boar' });
    await wildalert.createAlert({ ...near(-0.005, 0), animal: 'lynx' });
    await page.goto('');
    await expect(marker(page, 'Dzik')).toBeVisible();
    await expect(legendButton(page)).toBeVisible();
    await expect(legend(page)).toBeHidden();
    const button = (await legendButton(page).boundingBox())!;
    expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44);
    for (const name of ['Dzik', 'Ryś']) expect(overlap(button, (await marker(page, name).boundingBox())!)).toBe(false);
    await legendButton(page).tap();
    await expect(legend(page).getByRole('listitem')).toHaveText(['Dzik', 'Ryś']);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a popup with a 1,000-character comment stays on screen, clear of every control, its actions in view', async ({ page, wildalert }) => {
    const comments = 'Duży dzik z trzema warchlakami przechodził przez ulicę. '.repeat(18).slice(0, 1000);
    await wildalert.createAlert({ ...near(0.004, 0.004), animal: 'boar', comments });
    await wildalert.createAlert({ ...near(-0.004, -0.004), animal: 'fox' });
    await grantGeolocation(page, KRAKOW.latitude, KRAKOW.longitude);
    await page.goto('');
    await marker(page, 'Dzik').tap();
    await expectPopupClearOfControls(page, comments);
  });

  test("a past alert's link opens its popup clear of every control, those loaded later too", async ({ page, wildalert }) => {
    await expectPastPermalinkClear(page, wildalert);
  });
});

test('on a desktop too, a long popup stays clear of every control', async ({ page, wildalert }) => {
  const comments = 'Wilk przy skraju lasu, szedł w stronę osiedla. '.repeat(22).slice(0, 1000);
  // Near the top left corner of the map: the popup opens where the zoom buttons are.
  await wildalert.createAlert({ ...near(0.025, -0.09), animal: 'boar', comments });
  await wildalert.createAlert({ ...near(-0.004, -0.004), animal: 'fox' });
  await page.goto('');
  await marker(page, 'Dzik').click();
  await expectPopupClearOfControls(page, comments);
});

test("on a desktop too, a past alert's link opens its popup clear of every control", async ({ page, wildalert }) => {
  await expectPastPermalinkClear(page, wildalert);
});

/** A boar seen 9 hours ago (current for 6): drawn as past, its popup with the past note. */
async function expectPastPermalinkClear(page: Page, wildalert: WildAlertServer) {
  const comments = 'Dzik z młodymi przy śmietnikach, przewrócił dwa kosze i poszedł w stronę parku.';
  const id = await seed(wildalert, 'boar', 9, near(0, 0), comments);
  await page.goto(`alerts/${id}`);
  await expect(popup(page).getByTestId('alert-past')).toBeVisible();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText(comments);
  // The round buttons loaded after the map's first answer are there too.
  await expect(page.getByRole('button', { name: 'Powiadamiaj mnie o zgłoszeniach w pobliżu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gdzie i kiedy' })).toBeVisible();
  const box = (await restingBox(popup(page).locator('.leaflet-popup-content-wrapper')))!;
  const map = (await page.locator('.wa-map').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(map.y);
  expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height);
  const controls = page.locator('[data-map-control], .leaflet-control, .wa-toolbar');
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const rect = (await control.boundingBox())!;
    expect(overlap(box, rect), `the popup covers ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`).toBe(false);
  }
  // The title, the text (scrolling within the room left) and the actions: on screen, nothing over them.
  await expectShownWhole([
    popup(page).getByRole('heading', { name: 'Dzik' }),
    popup(page).locator('.wa-popup-scroll'),
    popup(page).getByTestId('alert-past'),
    popup(page).getByRole('button', { name: 'Udostępnij' }),
    popup(page).getByRole('button', { name: 'Zgłoś nadużycie' }),
  ]);
  // The text is read there, not only scrolled: all of it, or at least three lines, beside the actions.
  const text = popup(page).locator('.wa-popup-scroll');
  const { shown, whole, line } = await text.evaluate((el) => ({
    shown: el.clientHeight,
    whole: el.scrollHeight,
    line: parseFloat(getComputedStyle(el).lineHeight) || 20,
  }));
  expect(shown).toBeGreaterThanOrEqual(Math.min(whole, 3 * line));
}

/** Each part wholly on screen, and the topmost element at its centre (nothing over it). */
async function expectShownWhole(parts: Locator[]) {
  for (const part of parts) {
    await expect(part).toBeInViewport({ ratio: 1 });
    const at = centre((await part.boundingBox())!);
    expect(await part.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), at)).toBe(true);
  }
}

async function expectPopupClearOfControls(page: Page, comments: string) {
  const box = (await restingBox(popup(page)))!;
  const viewport = page.viewportSize()!;
  const map = (await page.locator('.wa-map').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(map.x);
  expect(box.y).toBeGreaterThanOrEqual(map.y);
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(viewport.width, map.x + map.width));
  expect(box.y + box.height).toBeLessThanOrEqual(Math.min(viewport.height, map.y + map.height));
  const controls: Locator[] = [
    page.getByRole('link', { name: 'Dodaj zgłoszenie' }),
    locateButton(page),
    page.locator('.wa-legend'),
    page.locator('.leaflet-control-attribution'),
    page.getByRole('button', { name: 'Przybliż' }),
    page.getByRole('button', { name: 'Oddal' }),
  ];
  for (const control of controls) {
    if (!(await control.isVisible())) continue;
    const rect = (await control.boundingBox())!;
    expect(overlap(box, rect), `the popup covers ${await control.evaluate((el) => el.outerHTML.slice(0, 60))}`).toBe(false);
  }
  // The title, the whole of it, and the actions: on screen and nothing over them.
  await expectShownWhole([
    popup(page).getByRole('heading', { name: 'Dzik' }),
    popup(page).getByRole('button', { name: 'Udostępnij' }),
    popup(page).getByRole('button', { name: 'Zgłoś nadużycie' }),
  ]);
  // The comment scrolls inside the popup, from the keyboard too.
  const text = popup(page).getByTestId('alert-comments');
  await expect(text).toHaveText(comments);
  const scroller = popup(page).locator('.wa-popup-scroll');
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(scroller).toHaveAttribute('tabindex', '0');
}

test('"you are here" shows the visitor\'s position, and the locate button brings the map back to it', async ({ page, wildalert }) => {
  await wildalert.createAlert({ ...near(0.01, 0.01), animal: 'boar' });
  await grantGeolocation(page, KRAKOW.latitude + 0.002, KRAKOW.longitude - 0.003);
  await page.goto('');
  await expect(youAreHere(page)).toBeVisible();
  await expect(page.locator('path.wa-you-accuracy')).toHaveCount(1);
  const map = (await page.locator('.wa-map').boundingBox())!;
  const offCentre = async () => {
    const dot = centre((await youAreHere(page).boundingBox())!);
    return Math.hypot(dot.x - (map.x + map.width / 2), dot.y - (map.y + map.height / 2));
  };
  // The map opened on the visitor.
  await expect.poll(offCentre).toBeLessThan(10);
  await drag(page, -400, -150);
  await expect.poll(offCentre).toBeGreaterThan(300);
  const button = (await locateButton(page).boundingBox())!;
  expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44);
  await locateButton(page).click();
  await expect.poll(offCentre).toBeLessThan(10);
});

test('the locate button says why when the position is refused', async ({ page, wildalert }) => {
  await wildalert.createAlert({ ...near(0, 0), animal: 'boar' });
  await page.context().clearPermissions();
  await page.goto('');
  await expect(marker(page, 'Dzik')).toBeVisible();
  await locateButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Brak zgody na lokalizację' })).toBeVisible();
  await expect(youAreHere(page)).toHaveCount(0);
});

test('when the animal filter leaves nothing in view, the map says so and widens it on request', async ({ page, wildalert }) => {
  await wildalert.createAlert({ ...near(0, 0), animal: 'boar' });
  // In the area the map loads, but out of its view.
  await wildalert.createAlert({ ...near(0, 0.13), animal: 'fox' });
  await page.goto('?animal=fox');
  const note = page.getByText('Brak zgłoszeń w tym widoku dla: Lis, ostatnie 7 dni.');
  await expect(note).toBeVisible();
  await expect(marker(page, 'Dzik')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pokaż wszystkie zwierzęta' }).click();
  await expect(marker(page, 'Dzik')).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect(page).not.toHaveURL(/animal=/);
  // All animals, the last 7 days, and nothing in view: the note offers older alerts.
  await drag(page, 0, -500, 200);
  await expect(page.getByText('Brak zgłoszeń w tym widoku dla: ostatnie 7 dni.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pokaż wszystkie zwierzęta' })).toHaveCount(0);
});

test.describe('with alerts of past days', () => {
  test.use({ serverOptions: { engine: 'postgres', env: {} } });

  test('when the time window leaves nothing in view, "Pokaż też starsze" shows every time', async ({ page, wildalert }) => {
    await seed(wildalert, 'badger', 3 * 24);
    await page.goto('?t=24h');
    await expect(page.getByText('Brak zgłoszeń w tym widoku dla: ostatnie 24 h.')).toBeVisible();
    await page.getByRole('button', { name: 'Pokaż też starsze' }).click();
    await expect(marker(page, 'Borsuk')).toBeVisible();
    await expect(page).toHaveURL(/[?&]t=all/);
    await expect(page.getByText(/^Brak zgłoszeń w tym widoku/)).toHaveCount(0);
  });

  test('markers of one animal have names of their own, with how long ago', async ({ page, wildalert }) => {
    for (const [hours, at] of [
      [1, near(0.01, -0.02)],
      [5, near(-0.01, 0)],
      [30, near(0.01, 0.02)],
    ] as const) {
      await seed(wildalert, 'boar', hours, at);
    }
    await page.goto('');
    await expect(marker(page, 'Dzik')).toHaveCount(3);
    const names = await marker(page, 'Dzik').evaluateAll((els) => els.map((el) => el.getAttribute('title')));
    expect(names.sort()).toEqual([
      'Dzik, 1 godzinę temu — pokaż zgłoszenie',
      'Dzik, 5 godzin temu — pokaż zgłoszenie',
      // A boar is current for 6 hours: the one of yesterday is probably gone (still-there.spec.ts).
      'Dzik, wczoraj, prawdopodobnie już nieaktualne — pokaż zgłoszenie',
    ]);
  });
});

test('markers drawn just outside the view are out of the tab order until the map shows them', async ({ page, wildalert }) => {
  await wildalert.createAlert({ ...near(0, 0), animal: 'fox' });
  // East of the view (about 0.11° of longitude from the middle at 1280 px and zoom 13), inside
  // the margin drawn ahead of a pan.
  await wildalert.createAlert({ ...near(0, 0.12), animal: 'boar' });
  await page.goto('');
  await expect(marker(page, 'Lis')).toBeVisible();
  await expect(marker(page, 'Dzik')).toHaveCount(1);
  await expect(marker(page, 'Dzik')).not.toBeInViewport();
  const focused = new Set<string>();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    focused.add(await page.evaluate(() => document.activeElement?.getAttribute('title') ?? document.activeElement?.textContent ?? ''));
  }
  const markerFocused = (animal: string) => [...focused].some((name) => name.startsWith(animal) && name.endsWith('pokaż zgłoszenie'));
  expect(markerFocused('Lis')).toBe(true);
  expect(markerFocused('Dzik')).toBe(false);
  // Panned into view, it can be reached.
  await drag(page, -300, 0);
  await expect(marker(page, 'Dzik')).toBeInViewport();
  await expect(marker(page, 'Dzik')).toHaveAttribute('tabindex', '0');
});

test.describe('on a phone, a cluster partly under the round buttons', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('is out of the keyboard\'s way and no small target until the map moves it into the open; a tap on it still works', async ({ page, wildalert }) => {
    // At zoom 13 a pixel is 0.000172° of longitude and 0.000110° of latitude here: 120 px right
    // of the middle and 112 px below it, the bell's left half (bottom right, 150 px up).
    const spot = near(-0.01235, 0.0206);
    for (const [i, animal] of (['boar', 'fox', 'hare'] as const).entries()) {
      await wildalert.createAlert({ latitude: spot.latitude + i * 0.0001, longitude: spot.longitude, animal });
    }
    await page.goto(`?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=13`);
    const cluster = page.locator('.wa-cluster');
    const bell = page.getByRole('button', { name: 'Powiadamiaj mnie o zgłoszeniach w pobliżu' });
    await expect(cluster).toHaveCount(1);
    await expect(bell).toBeVisible();
    await mapAtRest(page);
    const [bubble, button] = [(await cluster.boundingBox())!, (await bell.boundingBox())!];
    // Partly: some of it shows beside the button.
    expect(overlap(bubble, button)).toBe(true);
    expect(bubble.x).toBeLessThan(button.x);

    // Lighthouse's check: no target half hidden under another.
    expect(await seriousA11yViolations(page, ['target-size'])).toEqual([]);
    await expect(cluster).not.toHaveAttribute('tabindex');

    // Moved into the open, the keyboard reaches it again.
    await drag(page, -150, -150, -120);
    await expect(cluster).toHaveAttribute('tabindex', '0');

    // A tap on what shows of it opens it (zooms in on it), as before.
    await page.goto(`?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=13`);
    await expect(bell).toBeVisible();
    await mapAtRest(page);
    await expect(cluster).not.toHaveAttribute('tabindex');
    const shown = (await cluster.boundingBox())!;
    await page.touchscreen.tap(shown.x + 8, shown.y + shown.height / 2);
    await expect(page).toHaveURL(/[?&]z=1[4-9]/);
  });
});

test('a popup stays put while the map around it refreshes: the same element, no new fade-in', async ({ page, wildalert }) => {
  const alert = await wildalert.createAlert({ ...near(0, 0), animal: 'boar', comments: 'Przy Wawelu' });
  // Close enough to be in view at an alert's zoom, below the popup.
  await wildalert.createAlert({ ...near(-0.0008, 0.0015), animal: 'fox' });
  // From the start: every popup the page ever adds or removes, and every fade-in.
  await page.addInitScript(() => {
    const seen = { added: 0, removed: 0, fades: 0 };
    (window as unknown as { popupLife: typeof seen }).popupLife = seen;
    const count = (nodes: NodeList, key: 'added' | 'removed') =>
      nodes.forEach((n) => n instanceof HTMLElement && n.classList.contains('leaflet-popup') && seen[key]++);
    new MutationObserver((records) => {
      for (const r of records) {
        count(r.addedNodes, 'added');
        count(r.removedNodes, 'removed');
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('transitionrun', (e) => {
      if (e.propertyName === 'opacity' && (e.target as Element).classList?.contains('leaflet-popup')) seen.fades++;
    });
  });
  const life = () => page.evaluate(() => (window as unknown as { popupLife: object }).popupLife);

  // An alert's link: the popup opens once, while the alerts, the live stream and the address settle.
  await page.goto(`alerts/${alert.id}`);
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Przy Wawelu');
  await expect(marker(page, 'Lis')).toBeVisible();
  await expect(page.locator('.wa-map-screen')).toHaveAttribute('data-live', 'live');
  await expect(page).toHaveURL(/lat=/);
  await popup(page).evaluate((el) => ((el as unknown as { mark: string }).mark = 'first'));

  // A pan, an alert arriving live, a refetch with another time window.
  await drag(page, -120, 40);
  await expect(page).not.toHaveURL(new RegExp(`lng=${KRAKOW.longitude.toFixed(5)}`));
  await wildalert.createAlert({ ...near(-0.0008, -0.0015), animal: 'hare' });
  await expect(marker(page, 'Zając')).toBeVisible();
  const refetch = page.waitForResponse((r) => r.url().includes('/Alerts/tiles/') && r.url().includes('since='));
  await page.getByRole('button', { name: '30 dni', exact: true }).click();
  await refetch;
  await expect(marker(page, 'Lis')).toBeVisible();

  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Przy Wawelu');
  expect(await popup(page).evaluate((el) => (el as unknown as { mark?: string }).mark)).toBe('first');
  // Added once, never removed; faded in at most once (a popup opened before the map's first
  // frame shows without a fade).
  const { added, removed, fades } = await life() as { added: number; removed: number; fades: number };
  expect({ added, removed }).toEqual({ added: 1, removed: 0 });
  expect(fades).toBeLessThanOrEqual(1);
});
