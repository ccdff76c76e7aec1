/** Names and places the browser tests share: what a visitor sees, not how it is built. */
import { expect, type Locator, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';

export const PHONE = { width: 360, height: 740 };

export const KRAKOW = { latitude: 50.049683, longitude: 19.944544 };
export const WARSAW = { latitude: 52.2297, longitude: 21.0122 };

/** An alert's marker, by its animal's Polish name: "Dzik, 12 minut temu — pokaż zgłoszenie". */
export const marker = (page: Page, animalPl: string) =>
  page.getByRole('button', { name: new RegExp(`^${animalPl}, .+ — pokaż zgłoszenie$`) });

export const popup = (page: Page) => page.locator('.leaflet-popup');

/** The page's width beyond the viewport: 0 when nothing scrolls sideways. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const widest = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, ...Array.from(document.querySelectorAll('main'), (m) => m.scrollWidth));
    return widest - window.innerWidth;
  });
}

/** What a person notices on a screen: nothing blocks a screen reader (axe), nothing scrolls sideways. */
export async function usable(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

/**
 * Waits until the map stands still: no drag, no glide after one, no animated zoom or pan.
 * Leaflet starts a glide (after the mouse is up) or a zoom on the next animation frame, and
 * marks them on its map pane (leaflet-pan-anim, leaflet-zoom-anim) until their `moveend`; a
 * drag marks the body. (A cluster's flyTo marks nothing: wait for what it leads to instead.)
 */
export async function mapAtRest(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  await expect(page.locator('.leaflet-map-pane.leaflet-pan-anim, .leaflet-map-pane.leaflet-zoom-anim, body.leaflet-dragging')).toHaveCount(0);
}

/**
 * Where a locator's box settles: shown, the map at rest, and the same box two animation frames
 * apart. A drag glides on after the mouse is up, and a popup whose code loads on demand opens a
 * moment after the tap and only then pans the map into view.
 */
export async function restingBox(locator: Locator) {
  await expect(locator).toBeVisible();
  type Box = Awaited<ReturnType<Locator['boundingBox']>>;
  const seen: { last: Box } = { last: null };
  const same = (a: Box, b: Box) => a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  await expect
    .poll(async () => {
      await mapAtRest(locator.page());
      const box = await locator.boundingBox();
      const settled = same(box, seen.last);
      seen.last = box;
      return settled;
    }, { intervals: [50] })
    .toBe(true);
  return seen.last;
}

/**
 * Lets a test wait for the moment the page's code has had its answer from
 * navigator.geolocation.getCurrentPosition (a position or an error) and returned: call
 * before the page loads, then `positionAnswered`. To show that a position did not move the
 * map, check after that moment, not after a while.
 */
export async function watchPositionAnswers(page: Page) {
  await page.addInitScript(() => {
    const geolocation = navigator.geolocation;
    const real = geolocation.getCurrentPosition.bind(geolocation);
    let answered!: () => void;
    (window as unknown as { positionAnswered: Promise<void> }).positionAnswered = new Promise<void>((resolve) => (answered = resolve));
    const then =
      <T>(callback: ((value: T) => void) | null | undefined) =>
      (value: T) => {
        try {
          callback?.(value);
        } finally {
          answered();
        }
      };
    geolocation.getCurrentPosition = (ok, fail, options) => real(then(ok), then(fail), options);
  });
}

/** Waits until the page has had its first answer about the position (see watchPositionAnswers), and the map what followed from it. */
export async function positionAnswered(page: Page) {
  await page.evaluate(() => (window as unknown as { positionAnswered: Promise<void> }).positionAnswered);
  await mapAtRest(page);
}

/** On the open add form of a touch phone, in Polish: an aggressive boar at KRAKOW, sent as a resident sends it, until the thanks show. */
export async function reportAggressiveBoar(page: Page) {
  await page.getByRole('radio', { name: 'Dzik' }).tap();
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill(`${KRAKOW.latitude}, ${KRAKOW.longitude}`);
  await page.getByRole('button', { name: 'Ustaw' }).tap();
  await page.getByRole('button', { name: 'agresywne', exact: true }).tap();
  await page.getByRole('button', { name: 'Zgłoś' }).tap();
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible();
}
