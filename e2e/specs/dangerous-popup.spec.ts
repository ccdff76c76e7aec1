/**
 * The popup of a dangerous animal (issue 34) on a 360 × 740 and a 320 × 568 phone, in Polish,
 * English and Ukrainian: the sighting comes first, so the reporter's comment shows whole without
 * scrolling, with the one call to make on one line under it, always in view; the advice is folded.
 * After sending, the thanks do not cover the popup (they covered its vote buttons), and the
 * reporter is not asked whether their own sighting is still there (another visitor is).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup, restingBox, usable } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, hasTouch: true, isMobile: true });

const PHONES = [PHONE, { width: 320, height: 568 }] as const;

const LANGUAGES = [
  { lang: 'pl', whatToDo: 'Co robić', keepDistance: 'Zachowaj odstęp', doNotTouch: 'Nie dotykaj dzika ani niczego przy nim' },
  { lang: 'en', whatToDo: 'What to do', keepDistance: 'Keep your distance', doNotTouch: 'Do not touch the boar or anything near it' },
  { lang: 'uk', whatToDo: 'Що робити', keepDistance: 'Тримайте дистанцію', doNotTouch: 'Не торкайтеся кабана й нічого поруч із ним' },
] as const;

const DANGEROUS = [
  {
    kind: 'an aggressive boar',
    alert: { animal: 'boar', howMany: 'two-to-five', young: true, behaviour: 'aggressive' },
    comments: 'Locha z warchlakami na ścieżce wzdłuż Wisły, prycha i rusza w stronę ludzi z psami. Lepiej omijać bulwar od mostu Dębnickiego.',
    // The City Guard has the report already: the emergency number is the call.
    dial: 'tel:112',
  },
  {
    kind: 'a dead boar',
    alert: { animal: 'boar', howMany: 'one', behaviour: 'dead-on-road' },
    comments: 'Martwy dzik na poboczu ulicy Tynieckiej, tuż za przystankiem autobusowym, częściowo na ścieżce rowerowej.',
    dial: 'tel:986',
  },
] as const;

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

/** Whether `inner` lies whole within `outer` (half a pixel of rounding allowed). */
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function inLanguage(page: Page, lang: string) {
  await page.goto(`?lang=${lang}`);
  await page.evaluate((l) => localStorage.setItem('wildalert-language', l), lang);
}

for (const l of LANGUAGES) {
  for (const d of DANGEROUS) {
    for (const size of PHONES) {
      const at = `${l.lang} ${size.width}×${size.height}`;
      test(`${at}: ${d.kind}'s popup shows the comment whole and the call on one line without scrolling, the advice folded`, async ({ page, wildalert }) => {
        await wildalert.createAlert({ ...KRAKOW, ...d.alert, comments: d.comments });
        await page.setViewportSize(size);
        await inLanguage(page, l.lang);
        await page.reload();
        // The one alert on the map (a marker's name is in the visitor's language).
        await page.locator('.leaflet-marker-icon').tap();
        const comment = popup(page).getByTestId('alert-comments');
        await expect(comment).toHaveText(d.comments);
        const call = popup(page).locator(`a[href="${d.dial}"]`);
        await expect(call).toHaveCount(1);
        const shown = (await restingBox(popup(page).locator('.leaflet-popup-content-wrapper')))!;
        const viewport = { x: 0, y: 0, ...size };
        // The text's box as it is, unscrolled: what the visitor sees of it.
        const text = (await popup(page).locator('.wa-popup-scroll').boundingBox())!;
        expect(await popup(page).locator('.wa-popup-scroll').evaluate((el) => el.scrollTop), at).toBe(0);
        const commentBox = (await comment.boundingBox())!;
        expect(within(commentBox, text), `${at}: the comment ${JSON.stringify(commentBox)} within the popup's text ${JSON.stringify(text)}`).toBe(true);
        expect(within(commentBox, viewport), `${at}: the comment within the screen`).toBe(true);
        const callBox = (await call.boundingBox())!;
        expect(within(callBox, shown) && within(callBox, viewport), `${at}: the call ${JSON.stringify(callBox)} within the popup ${JSON.stringify(shown)} and the screen`).toBe(true);
        // Kept in view whatever the text's scrolling: not part of it.
        expect(within(callBox, text) && (await call.evaluate((el) => el.closest('.wa-popup-scroll') !== null)), `${at}: the call outside the scrolling text`).toBe(false);
        // One line: a finger's height, not two or three lines of text.
        expect(callBox.height, at).toBeGreaterThanOrEqual(44);
        expect(callBox.height, at).toBeLessThan(50);

        // The advice is folded, and unfolds.
        const advice = popup(page).getByTestId('advice');
        await expect(advice).toBeHidden();
        await popup(page).getByText(l.whatToDo, { exact: true }).tap();
        await expect(advice.getByRole('listitem').first()).toHaveText(l.keepDistance);
        if (d.alert.behaviour === 'dead-on-road') await expect(popup(page).getByTestId('dead-boar-advice').getByRole('listitem').first()).toHaveText(l.doNotTouch);
        await usable(page);
      });
    }
  }
}

test('after sending, the thanks cover nothing in the popup, and the reporter is not asked whether their own sighting is still there', async ({ page, wildalert }) => {
  await page.setViewportSize(PHONE);
  const other = await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.01, longitude: KRAKOW.longitude, animal: 'fox', comments: 'Lis przy przystanku' });
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Sarna' }).tap();
  await page.getByRole('textbox', { name: 'Szerokość, długość' }).fill(`${KRAKOW.latitude}, ${KRAKOW.longitude}`);
  await page.getByRole('button', { name: 'Ustaw' }).tap();
  await page.getByRole('textbox', { name: 'Opis (nieobowiązkowy)' }).fill('Sarna na skraju parku');
  await page.getByRole('button', { name: 'Zgłoś' }).tap();

  const thanks = page.getByRole('status').filter({ hasText: 'Dziękujemy! Zgłoszenie dodane.' });
  await expect(thanks).toBeVisible();
  await expect(popup(page).getByTestId('alert-comments')).toHaveText('Sarna na skraju parku');
  const shown = (await restingBox(popup(page).locator('.leaflet-popup-content-wrapper')))!;
  const thanksBox = (await thanks.boundingBox({ timeout: 1000 }))!;
  expect(overlap(thanksBox, shown), `the thanks ${JSON.stringify(thanksBox)} clear of the popup ${JSON.stringify(shown)}`).toBe(false);
  // Their own alert: no question, no vote buttons; the rest of the actions stay.
  await expect(popup(page).getByText('Czy nadal tu jest?')).toHaveCount(0);
  await expect(popup(page).getByRole('button', { name: 'Nadal tu jest' })).toHaveCount(0);
  await expect(popup(page).getByRole('button', { name: 'Udostępnij' })).toBeVisible();
  await usable(page);

  // Another visitor's alert asks.
  await page.goto(`alerts/${other.id}`);
  await expect(popup(page).getByTestId('alert-votes-line')).toHaveText('Czy nadal tu jest?');
  await expect(popup(page).getByRole('button', { name: 'Nadal tu jest' })).toBeVisible();
});
