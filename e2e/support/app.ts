/** Names and places the browser tests share: what a visitor sees, not how it is built. */
import { expect, type Locator, type Page } from '@playwright/test';

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

/** Where a locator's box settles once the map has stopped moving (a drag glides on after the mouse is up). */
export async function restingBox(locator: Locator) {
  let last = await locator.boundingBox();
  await expect(async () => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await locator.boundingBox();
    const same = JSON.stringify(now) === JSON.stringify(last);
    last = now;
    expect(same).toBe(true);
  }).toPass({ timeout: 5000 });
  return last;
}
