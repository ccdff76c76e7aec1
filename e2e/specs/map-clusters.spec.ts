/**
 * Clusters that say what is inside, on a 360 px phone and a desktop, in Polish,
 * English and Ukrainian: a cluster of 58 is larger than one of 3, each names its animals (the
 * most first), each sits where its alerts are (not at its grid cell's middle), the visitor's dot
 * stays on top of a cluster, the legend of 11 animals leaves the round buttons clear, and Escape
 * closes the legend on a phone.
 */
import type { Page } from '@playwright/test';
import { mercator } from '@wildalert/shared';
import { expect, grantGeolocation, test, type WildAlertServer } from '../support/fixtures.ts';
import { KRAKOW, mapAtRest, sidewaysOverflow, usable } from '../support/app.ts';

// The alerts are seeded by SQL.
test.use({ serverOptions: { engine: 'postgres', env: {} } });

/** The map's zoom in these tests: its cells (TILE_CELL_BITS) are 64 screen pixels across. */
const ZOOM = 14;
const WORLD_PX = 256 * 2 ** ZOOM;
const CELL_PX = 64;

type Px = { x: number; y: number };
type Box = { x: number; y: number; width: number; height: number };

const worldPx = (p: { latitude: number; longitude: number }): Px => {
  const m = mercator(p.latitude, p.longitude);
  return { x: m.x * WORLD_PX, y: m.y * WORLD_PX };
};
const fromWorldPx = ({ x, y }: Px) => ({
  longitude: (x / WORLD_PX) * 360 - 180,
  latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / WORLD_PX))) * 180) / Math.PI,
});
const centre = (b: Box): Px => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The north-west corner of the cell (in world pixels at ZOOM) `dx`, `dy` cells from Kraków's. */
const cellCorner = (dx: number, dy: number): Px => {
  const k = worldPx(KRAKOW);
  return { x: (Math.floor(k.x / CELL_PX) + dx) * CELL_PX, y: (Math.floor(k.y / CELL_PX) + dy) * CELL_PX };
};

/**
 * 58 alerts (40 foxes, 12 boars, 6 roe deer) in the north-west quarter of the cell left of and
 * below Kraków's; 3 (hare, boar, fox) in the south-east quarter of one above and to the right.
 */
const BIG = { corner: cellCorner(-1, 1), from: 4, to: 22, animals: [...Array(40).fill('fox'), ...Array(12).fill('boar'), ...Array(6).fill('roe-deer')] as string[] };
const SMALL = { corner: cellCorner(1, -2), from: 42, to: 60, animals: ['hare', 'boar', 'fox'] };
/** Seven more animals, alone, in pixels from the map's middle: apart from each other and the clusters, eleven animals in view. */
const OTHERS = [
  { animal: 'marten', dx: -120, dy: -150 },
  { animal: 'badger', dx: -40, dy: -160 },
  { animal: 'beaver', dx: -130, dy: -40 },
  { animal: 'hedgehog', dx: -40, dy: -40 },
  { animal: 'red-deer', dx: 30, dy: 0 },
  { animal: 'moose', dx: -30, dy: 140 },
  { animal: 'wolf', dx: 40, dy: 110 },
];

/** The points of a group, spread over its square within the cell (in world pixels). */
function points(group: typeof BIG): Px[] {
  const side = group.to - group.from;
  return group.animals.map((_, i) => ({
    x: group.corner.x + group.from + ((i * 0.618034) % 1) * side,
    y: group.corner.y + group.from + ((i * 0.754878) % 1) * side,
  }));
}

async function seed(wildalert: WildAlertServer) {
  const rows: { animal: string; at: Px }[] = [];
  for (const group of [BIG, SMALL]) points(group).forEach((at, i) => rows.push({ animal: group.animals[i]!, at }));
  const k = worldPx(KRAKOW);
  for (const { animal, dx, dy } of OTHERS) rows.push({ animal, at: { x: k.x + dx, y: k.y + dy } });
  const located = rows.map((r, i) => ({ animal: r.animal, i, ...fromWorldPx(r.at) }));
  await wildalert.sql(
    `INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
     SELECT gen_random_uuid(), p, p, r.animal, '', now() - make_interval(mins => r.i)
     FROM (SELECT a.animal, a.i, ST_SetSRID(ST_MakePoint(a.longitude, a.latitude), 4326)::geography AS p
           FROM json_to_recordset($1::json) AS a(animal text, i int, latitude float8, longitude float8)) r`,
    [JSON.stringify(located)],
  );
}

/** Where a point is on the page: from the map's middle, which the address names (lat, lng). */
async function onPage(page: Page, p: Px): Promise<Px> {
  const url = new URL(page.url());
  const middle = worldPx({ latitude: Number(url.searchParams.get('lat')), longitude: Number(url.searchParams.get('lng')) });
  const map = centre((await page.locator('.wa-map').boundingBox())!);
  return { x: map.x + p.x - middle.x, y: map.y + p.y - middle.y };
}

/** The extent of a group's alerts on the page. */
async function extent(page: Page, group: typeof BIG): Promise<Box> {
  const nw = await onPage(page, { x: group.corner.x + group.from, y: group.corner.y + group.from });
  const side = group.to - group.from;
  return { x: nw.x, y: nw.y, width: side, height: side };
}

const LANGUAGES = [
  {
    locale: 'pl-PL',
    big: /^58 zgłoszeń w pobliżu — przybliż\. lis: 40, dzik: 12, sarna: 6$/,
    small: /^3 zgłoszenia w pobliżu — przybliż\. dzik: 1, lis: 1, zając: 1$/,
    legend: 'Legenda',
  },
  {
    locale: 'en-GB',
    big: /^58 reports nearby — zoom in\. fox: 40, wild boar: 12, roe deer: 6$/,
    small: /^3 reports nearby — zoom in\. wild boar: 1, fox: 1, hare: 1$/,
    legend: 'Legend',
  },
  {
    locale: 'uk-UA',
    big: /^58 повідомлень поблизу — наблизьте\. лисиця: 40, дикий кабан: 12, козуля: 6$/,
    small: /^3 повідомлення поблизу — наблизьте\. дикий кабан: 1, лисиця: 1, заєць: 1$/,
    legend: 'Легенда',
  },
];

const VIEWPORTS = [
  { width: 360, height: 740, phone: true },
  { width: 1280, height: 800, phone: false },
];

for (const lang of LANGUAGES) {
  test.describe(lang.locale, () => {
    test.use({ locale: lang.locale });

    test('clusters sized by count, named by their animals, where their alerts are, under the visitor\'s dot; the legend clear of the buttons, closed by Escape on a phone', async ({ page, wildalert }, testInfo) => {
      await seed(wildalert);
      // The visitor stands where the 58 are.
      const big = points(BIG);
      const here = { x: big.reduce((s, p) => s + p.x, 0) / big.length, y: big.reduce((s, p) => s + p.y, 0) / big.length };
      const position = fromWorldPx(here);
      await grantGeolocation(page, position.latitude, position.longitude);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(`?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=${ZOOM}`);
        const bigCluster = page.getByRole('button', { name: lang.big });
        const smallCluster = page.getByRole('button', { name: lang.small });
        await expect(bigCluster).toBeVisible();
        await expect(smallCluster).toBeVisible();
        const dot = page.locator('path.wa-you');
        await expect(dot).toBeVisible();
        await mapAtRest(page);

        // A cluster of 58 is larger than one of 3, and both are a finger's size.
        const bigBox = (await bigCluster.boundingBox())!;
        const smallBox = (await smallCluster.boundingBox())!;
        expect(Math.min(smallBox.width, smallBox.height)).toBeGreaterThanOrEqual(44);
        expect(bigBox.width - smallBox.width, `${viewport.width}: 58 vs 3`).toBeGreaterThanOrEqual(6);

        // Each sits where its alerts are: its middle within their extent, not at its cell's middle.
        for (const [group, box] of [[BIG, bigBox], [SMALL, smallBox]] as const) {
          const area = await extent(page, group);
          const at = centre(box);
          expect(at.x, `${viewport.width}: x within the alerts`).toBeGreaterThanOrEqual(area.x - 1);
          expect(at.x).toBeLessThanOrEqual(area.x + area.width + 1);
          expect(at.y, `${viewport.width}: y within the alerts`).toBeGreaterThanOrEqual(area.y - 1);
          expect(at.y).toBeLessThanOrEqual(area.y + area.height + 1);
          const cell = await onPage(page, { x: group.corner.x + CELL_PX / 2, y: group.corner.y + CELL_PX / 2 });
          expect(Math.hypot(at.x - cell.x, at.y - cell.y)).toBeGreaterThan(10);
        }

        // The visitor's dot is drawn over the cluster it stands in.
        const dotCentre = centre((await dot.boundingBox())!);
        expect(overlap(bigBox, { ...dotCentre, width: 1, height: 1 })).toBe(true);
        expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('wa-you') ?? false, dotCentre)).toBe(true);

        const legendButton = page.getByRole('button', { name: lang.legend });
        const legend = page.getByRole('list', { name: lang.legend });
        if (viewport.phone) {
          // A phone: the legend opens on a tap and Escape closes it, the focus back on its button.
          await legendButton.click();
          await expect(legend).toBeVisible();
          await expect(legend.getByRole('listitem')).toHaveCount(11);
          await page.keyboard.press('Escape');
          await expect(legend).toBeHidden();
          await expect(legendButton).toHaveAttribute('aria-expanded', 'false');
          await expect(legendButton).toBeFocused();
        } else {
          // A desktop: the legend of 11 animals is open and covers none of the round buttons.
          await expect(legend.getByRole('listitem')).toHaveCount(11);
          const legendBox = (await page.locator('.wa-legend').boundingBox())!;
          const buttons = page.locator('.wa-round-map-button, .wa-fab');
          await expect(buttons).not.toHaveCount(0);
          for (const button of await buttons.all()) {
            const box = (await button.boundingBox())!;
            expect(overlap(legendBox, box), `the legend over ${await button.getAttribute('aria-label')}`).toBe(false);
          }
        }
        // Axe once per language (it takes seconds on this page): on the phone, the tighter screen.
        if (viewport.phone) await usable(page);
        else expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`clusters-${lang.locale}-${viewport.width}.png`) });
      }
    });
  });
}
