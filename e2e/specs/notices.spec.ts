/**
 * A polygon notice (issue 33) on a 360 px phone, in Polish, English and Ukrainian: a responder of
 * the City Guard draws the notice's area by tapping its corners on the form's map, is told when the
 * outline crosses itself, undoes and redraws it, and posts it; a resident's map then shades that
 * polygon and shows the notice's chip.
 */
import type { Locator } from '@playwright/test';
import type { Notice } from '@wildalert/shared';
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE, usable } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

/** A tap on the map this far (px) from its centre. */
async function tapAt(map: Locator, dx: number, dy: number) {
  const box = (await map.boundingBox())!;
  await map.tap({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
}

const STORIES = [
  {
    lang: 'pl',
    locale: 'pl-PL',
    text: 'Treść (Polski)',
    polygon: 'wielokąt narysowany na mapie',
    corners: (n: number) => `${n} wierzchołki`,
    undo: 'Cofnij ostatni wierzchołek',
    post: 'Opublikuj komunikat',
    crosses: /Obrys obszaru przecina lub dotyka sam siebie/,
    posted: 'Komunikat opublikowany.',
  },
  {
    lang: 'en',
    locale: 'en-GB',
    text: 'Text (Polski)',
    polygon: 'a polygon drawn on the map',
    corners: (n: number) => `${n} corners`,
    undo: 'Undo last corner',
    post: 'Post the notice',
    crosses: /The area's outline crosses or touches itself/,
    posted: 'Notice posted.',
  },
  {
    lang: 'uk',
    locale: 'uk-UA',
    text: 'Текст (Polski)',
    polygon: 'багатокутник на мапі',
    corners: (n: number) => `${n} вершини`,
    undo: 'Скасувати останню вершину',
    post: 'Опублікувати повідомлення',
    crosses: /Контур зони перетинає або торкається сам себе/,
    posted: 'Повідомлення опубліковано.',
  },
] as const;

for (const s of STORIES) {
  test.describe(s.lang, () => {
    test.use({ locale: s.locale });

    test('a responder draws a polygon notice on the map and posts it; a resident’s map shades it', async ({ page, browser, wildalert }) => {
      test.setTimeout(120_000);
      await signInWithoutScreens(page, wildalert, 'responder', 'Rafał Ratownik');
      // A member of the City Guard, which the first start made from the bundled contacts.
      await wildalert.sql(
        `INSERT INTO organisation_members (organisation_id, account_id)
         SELECT o.id, a.id FROM organisations o, staff_accounts a WHERE o.name->>'pl' LIKE 'Straż Miejska%' AND a.name = 'Rafał Ratownik'`,
      );
      const text = `Odłów dzików w Lasku — omijaj teren (${s.lang})`;

      await page.goto('staff/notices');
      const form = page.getByTestId('notice-form');
      await form.getByRole('textbox', { name: s.text }).fill(text);
      await form.getByRole('radio', { name: s.polygon }).check();
      const map = form.locator('.wa-map');
      const outline = form.getByTestId('notice-polygon');

      // A bow tie: the outline crosses itself, and the form says so before anything is sent.
      for (const [dx, dy] of [[-80, -60], [80, 60], [80, -60], [-80, 60]] as const) await tapAt(map, dx, dy);
      await expect(form.getByTestId('notice-corners')).toHaveText(s.corners(4));
      await expect(outline).toBeVisible();
      await form.getByRole('button', { name: s.post }).tap();
      await expect(form.getByRole('alert')).toHaveText(s.crosses);

      // Two corners undone, one tapped so that the sides no longer cross: a triangle.
      await form.getByRole('button', { name: s.undo }).tap();
      await form.getByRole('button', { name: s.undo }).tap();
      await expect(form.getByTestId('notice-corners')).toHaveText(s.corners(2));
      await tapAt(map, -80, 60);
      await expect(form.getByTestId('notice-corners')).toHaveText(s.corners(3));
      await usable(page);
      await form.getByRole('button', { name: s.post }).tap();
      await expect(form.getByText(s.posted)).toBeVisible();
      await expect(page.getByTestId('staff-notice')).toContainText(text);

      // As the API keeps it: a GeoJSON Polygon, its ring closed, round the map's centre.
      const res = await fetch(`${wildalert.origin}/Notices?latitude=${KRAKOW.latitude}&longitude=${KRAKOW.longitude}&radius=1`);
      const { data } = (await res.json()) as { data: Notice[] };
      expect(data).toHaveLength(1);
      const area = data[0]!.area;
      expect('type' in area && area.type).toBe('Polygon');
      const ring = 'type' in area ? area.coordinates[0]! : [];
      expect(ring).toHaveLength(4);
      expect(ring.at(-1)).toEqual(ring[0]);

      // A resident's map there, the whole area in view: the polygon shaded (three straight sides: not a circle's arcs) and the chip.
      const resident = await browser.newContext({ locale: s.locale, viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
      const visitor = await resident.newPage();
      await visitor.goto(`${wildalert.origin}/WildAlertApp/?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=13`);
      const shaded = visitor.locator('path.wa-notice-area');
      await expect(shaded).toHaveCount(1);
      expect(await shaded.getAttribute('d')).toMatch(/^M[-\d. ]+(L[-\d. ]+){2}z$/);
      expect(Number(await shaded.evaluate((path) => getComputedStyle(path).fillOpacity))).toBeGreaterThan(0);
      await expect(visitor.getByTestId('notices-banner')).toContainText(text);
      await resident.close();
    });
  });
}

test.describe('with a keyboard', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('a responder moves the map with the arrow keys and puts each corner at its centre with Enter', async ({ page, wildalert }) => {
    await signInWithoutScreens(page, wildalert, 'admin', 'Anna Admin');
    await page.goto('staff/notices');
    const form = page.getByTestId('notice-form');
    await form.getByRole('radio', { name: 'a polygon drawn on the map' }).check();
    const map = form.locator('.wa-map');
    // From the area's choice, the next stop of the Tab key is the map.
    await form.getByRole('radio', { name: 'a polygon drawn on the map' }).focus();
    await page.keyboard.press('Tab');
    await expect(map).toBeFocused();
    await page.keyboard.press('Enter');
    // Where Enter puts a corner: a cross in the map's middle, shown while it has the keyboard's focus.
    await expect(form.getByTestId('notice-map-cross')).toBeVisible();
    // Leaflet pans a step per key, animated, and ignores a key while a step is under way: as a
    // person would, wait for the map to come to rest before the next key.
    const pane = map.locator('.leaflet-map-pane');
    const atRest = async () => {
      let last = '';
      await expect.poll(async () => {
        const now = await pane.evaluate((el) => getComputedStyle(el).transform);
        const still = now === last;
        last = now;
        return still;
      }, { intervals: [150] }).toBe(true);
    };
    for (const key of ['ArrowRight', 'ArrowDown']) {
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press(key);
        await atRest();
      }
      await page.keyboard.press('Enter');
    }
    await expect(form.getByTestId('notice-corners')).toHaveText('3 corners');
    await expect(form.getByTestId('notice-polygon')).toBeVisible();
    // Leaving the map hides the cross; Enter elsewhere adds nothing.
    await form.getByRole('button', { name: 'Undo last corner' }).focus();
    await expect(form.getByTestId('notice-map-cross')).toHaveCount(0);
  });
});
