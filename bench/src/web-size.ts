/**
 * What a first visit on a phone transfers, as Chromium counts it on the wire (compressed,
 * headers included): everything until the first marker shows (tiles aside: they come from the
 * tile server, not from us), the scripts and styles among it, and what the service worker
 * then downloads to work offline. Against the real server, the real build and a database of
 * alerts around Kraków. kB of 1,000 bytes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '@wildalert/test-support';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { openPglite } from '../../apps/api/src/db/pglite.ts';
import { pgliteTemplate } from '../../apps/api/src/plugins/db.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { startTileServer } from '../../e2e/support/tile-server.ts';
import { seedAlertsSql } from './seed-sql.ts';

/** A first phone visit, until the markers show, tiles aside. */
export const FIRST_VISIT_BUDGET_KB = 200;
/**
 * Its scripts and styles. 161 since the staff's routes (issue 32); 163 since official notices and
 * statuses (issue 33): the map asks for the notices in force and draws their chip, and the
 * status line's loader rides with the list, ~1.2 kB in all (measured 162.2 kB in English, which
 * varies by ~0.7 kB from run to run). To win back: load the notices' code after the markers.
 */
export const SCRIPTS_STYLES_BUDGET_KB = 163;
/**
 * Alerts seeded within 15 km of Kraków over a year: about 190 fall in the map's default window
 * (7 days), an answer of ~35 KB of JSON, as in the product owner's measurement (542 kB before
 * the markers, 470 kB of it scripts and styles).
 */
export const SEEDED_ALERTS = 10_000;

export interface Transfer {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, Image, Manifest… */
  type: string;
  /** What asked for it: `parser` (the page's HTML), `script`, `other`… (Chromium's initiator type). */
  initiator: string;
  bytes: number;
}

export interface FirstVisit {
  /** Everything until the first marker was visible, tiles aside. */
  totalKb: number;
  scriptsStylesKb: number;
  /** The search answer(s) among it. */
  alertsKb: number;
  /** What the service worker downloaded to precache once the page had loaded. */
  precacheKb: number;
  transfers: Transfer[];
  /** Every request the page sent before the markers showed, finished or not (low-priority preloads may finish later). */
  requested: Array<{ url: string; initiator: string }>;
  precached: Transfer[];
}

const kb = (list: Transfer[]) => list.reduce((sum, t) => sum + t.bytes, 0) / 1000;

/** The map's searches: its tiles (before issue 20, one search). */
const ALERTS = /\/Alerts(?:\?|\/tiles\/)/;

/**
 * A phone: 360 × 640 CSS pixels, touch, a fresh profile (nothing cached, no worker yet), whose
 * browser speaks `locale` first (Polish by default: the app then opens in Polish).
 */
export async function measureFirstVisit(browser: Browser, origin: string, locale = 'pl-PL'): Promise<FirstVisit> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map<string, { url: string; type: string; initiator: string }>();
    const transfers: Transfer[] = [];
    let markersShown = false;
    // The map's searches (one per tile) under way: the markers have shown once all have answered.
    const searching = new Set<string>();
    const requested: FirstVisit['requested'] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', initiator: e.initiator.type });
      if (!markersShown) requested.push({ url: e.request.url, initiator: e.initiator.type });
      if (ALERTS.test(e.request.url)) searching.add(e.requestId);
    });
    cdp.on('Network.loadingFailed', (e) => searching.delete(e.requestId));
    cdp.on('Network.loadingFinished', (e) => {
      searching.delete(e.requestId);
      const request = requests.get(e.requestId);
      if (!request || markersShown || new URL(request.url).origin !== origin) return;
      transfers.push({ ...request, bytes: e.encodedDataLength });
    });
    // The worker's own requests (precaching) are not the page's: counted on its side.
    const precached: Array<Promise<Transfer>> = [];
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) return;
      precached.push(
        request.sizes().then(
          (sizes) => ({ url: request.url(), type: request.resourceType(), initiator: 'other', bytes: sizes.responseBodySize + sizes.responseHeadersSize }),
          () => ({ url: request.url(), type: request.resourceType(), initiator: 'other', bytes: 0 }),
        ),
      );
    });

    await page.goto(`${origin}/WildAlertApp/`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => {
        const marker = document.querySelector('.leaflet-marker-icon');
        return marker !== null && marker.getBoundingClientRect().width > 0;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    // The first marker shows as the first tile answers: the others' come with the first markers too.
    for (const deadline = Date.now() + 60_000; searching.size > 0; ) {
      if (Date.now() > deadline) throw new Error('The map\'s searches did not all answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    markersShown = true;
    // Then the worker installs, precaches (all of it before it activates), and takes the page over.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const worker = await Promise.all(precached);
    const scriptsStyles = transfers.filter((t) => t.type === 'Script' || t.type === 'Stylesheet');
    const alerts = transfers.filter((t) => ALERTS.test(t.url));
    return {
      totalKb: kb(transfers),
      scriptsStylesKb: kb(scriptsStyles),
      alertsKb: kb(alerts),
      precacheKb: kb(worker),
      transfers,
      requested,
      precached: worker,
    };
  } finally {
    await context.close();
  }
}

export interface SizeBench {
  server: ServerProcess;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The real server (embedded engine, SEEDED_ALERTS alerts within 15 km of Kraków), tiles from
 * the local tile server, and Chromium.
 */
export async function startSizeBench(alerts = SEEDED_ALERTS): Promise<SizeBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-size-'));
  const closers: Array<() => Promise<unknown>> = [async () => fs.rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    while (closers.length) await closers.pop()!().catch(() => undefined);
  };
  try {
    const db = await openPglite({ dataDir, template: await pgliteTemplate() });
    try {
      await migrate(db);
      await db.exec(seedAlertsSql(alerts, { nearShare: 1, nearKm: 15 }));
    } finally {
      await db.close();
    }
    const tiles = await startTileServer();
    closers.push(() => tiles.close());
    const server = await startServerProcess({ env: { DATA_DIR: dataDir, TILE_URL: tiles.tileUrl, LOG_LEVEL: 'warn' } });
    closers.push(() => server.kill('SIGTERM'));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    closers.push(() => browser.close());
    return { server, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One line per file, largest first, for a message saying where the bytes went. */
export function describeTransfers(list: Transfer[]): string {
  return [...list]
    .sort((a, b) => b.bytes - a.bytes)
    .map((t) => `${(t.bytes / 1000).toFixed(1)} kB ${t.type} ${new URL(t.url).pathname}${new URL(t.url).search ? '?…' : ''}`)
    .join('\n');
}
