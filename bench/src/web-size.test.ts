import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureWebBuild } from '@wildalert/test-support';
import {
  describeTransfers,
  FIRST_VISIT_BUDGET_KB,
  measureFirstVisit,
  SCRIPTS_STYLES_BUDGET_KB,
  startSizeBench,
  type FirstVisit,
  type SizeBench,
} from './web-size.ts';


let bench: SizeBench;
let visit: FirstVisit;
let visitsIn: Record<'en' | 'uk', FirstVisit>;

beforeAll(async () => {
  ensureWebBuild();
  bench = await startSizeBench();
  visit = await measureFirstVisit(bench.browser, bench.server.url);
  visitsIn = {
    en: await measureFirstVisit(bench.browser, bench.server.url, 'en-GB'),
    uk: await measureFirstVisit(bench.browser, bench.server.url, 'uk-UA'),
  };
}, 300_000);
afterAll(() => bench?.close());

it(`a first phone visit transfers at most ${FIRST_VISIT_BUDGET_KB} kB until the markers show (tiles aside)`, () => {
  expect(
    visit.totalKb,
    `The map's first visit transferred ${visit.totalKb.toFixed(1)} kB:\n${describeTransfers(visit.transfers)}`,
  ).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_KB);
  // It did load the alerts, compressed: the budget is not met by showing nothing.
  expect(visit.alertsKb).toBeGreaterThan(5);
});

it(`the map's scripts and styles, with the parts it loads just after its first paint, come to at most ${SCRIPTS_STYLES_BUDGET_KB} kB as sent (compressed, headers included)`, () => {
  const scripts = visit.code;
  expect(
    visit.scriptsStylesKb,
    `The map loads ${visit.scriptsStylesKb.toFixed(1)} kB of scripts and styles:\n${describeTransfers(scripts)}\n` +
      'Load what its first paint does not need on demand (React.lazy, import()).',
  ).toBeLessThanOrEqual(SCRIPTS_STYLES_BUDGET_KB);
  // The add form is loaded on demand: it is not part of the map's download.
  expect(scripts.map((t) => t.url).filter((url) => /add-alert|validate-alert/.test(url))).toEqual([]);
});

it("the map's parts loaded just after its first paint are asked for by the page itself, beside the app's script", () => {
  // Announced by index.html (apps/web/vite-preload.ts), not found by the script once it has run
  // and then by those parts in turn: two round trips fewer before the map's first tiles. Asked
  // for before the markers show; being low-priority, they may finish just after.
  // (`area-draft` is the chunk Leaflet's CircleMarker shares with lib/area-draft.ts: Rolldown names a chunk after one of its modules.)
  const extras = visit.requested.flatMap((t) => {
    const part = /\/assets\/(map-extras|round-map-button|area-draft)-/.exec(t.url)?.[1];
    return part ? [{ part, initiator: t.initiator }] : [];
  });
  expect(extras.map((e) => e.part).sort()).toEqual(['area-draft', 'map-extras', 'round-map-button']);
  expect(extras.map((e) => e.initiator)).toEqual(extras.map(() => 'parser'));
});

it.each(['en', 'uk'] as const)(
  `a first visit in another language (%s) loads its own messages only, within the same ${SCRIPTS_STYLES_BUDGET_KB} kB`,
  (language) => {
    const other = visitsIn[language];
    expect(other.scriptsStylesKb, describeTransfers(other.code)).toBeLessThanOrEqual(SCRIPTS_STYLES_BUDGET_KB);
    // Its own messages arrived, and no other language's (message files are named messages-<language>-<part>).
    const languagesOf = (v: FirstVisit) => [...new Set(v.code.flatMap((r) => /\/messages-([a-z]{2})-/.exec(r.url)?.[1] ?? []))];
    expect(languagesOf(other)).toEqual([language]);
    expect(languagesOf(visit)).toEqual(['pl']);
  },
);
