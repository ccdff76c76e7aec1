/**
 * Photos on a phone: two chosen from the gallery with the add form, downsized before they leave,
 * shown as thumbnails in the popup, the full view closed by Back; an upload cut off and resumed
 * later storing each photo exactly once; a moderator hiding a photo and then the alert.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Alert, Photo } from '@wildalert/shared';
import { expect, test } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, PHONE, popup } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
// Each test makes photos in the page (3000×2000 JPEGs, downsized) and has the server decode
// and encode them twice: 25–40 s beside another worker, 75 s on a host loaded twice over.
test.describe.configure({ timeout: 120_000 });

/**
 * For what waits on photo uploads to end. The server decodes each and encodes two copies: about
 * a second alone, but one CI run still showed "Wysyłanie zdjęć: 1 z 2…" after expect's 10 s.
 */
const UPLOADS_END = { timeout: 45_000 };

const all = { Latitude: KRAKOW.latitude, Longitude: KRAKOW.longitude, Radius: 100 };
const pickerMap = (page: Page) => page.getByRole('region', { name: /Mapa wyboru miejsca/ });
const submit = (page: Page) => page.getByRole('button', { name: 'Zgłoś' });

/**
 * A camera-sized JPEG (3000×2000), drawn and encoded by the browser itself: a gradient, so
 * that it compresses like a photo rather than a flat colour. `hue` tells photos apart.
 */
async function cameraJpeg(page: Page, hue: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (h) => {
    const canvas = new OffscreenCanvas(3000, 2000);
    const c = canvas.getContext('2d')!;
    const g = c.createLinearGradient(0, 0, 3000, 2000);
    g.addColorStop(0, `hsl(${h} 70% 40%)`);
    g.addColorStop(1, `hsl(${h + 90} 70% 70%)`);
    c.fillStyle = g;
    c.fillRect(0, 0, 3000, 2000);
    for (let i = 0; i < 400; i++) {
      c.fillStyle = `hsl(${(h + i * 7) % 360} 60% 50% / 0.5)`;
      c.fillRect((i * 397) % 3000, (i * 211) % 2000, 60, 40);
    }
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  }, hue);
  return Buffer.from(base64, 'base64');
}

/** The form filled in, with two photos chosen through the gallery's file chooser. */
async function fillInWithTwoPhotos(page: Page): Promise<number> {
  await page.goto('addAlert');
  const photos = [await cameraJpeg(page, 20), await cameraJpeg(page, 200)];
  await page.getByRole('radio', { name: 'Dzik' }).tap();
  await pickerMap(page).tap({ position: { x: 150, y: 120 } });
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Wybierz z galerii').tap();
  await (await chooser).setFiles(photos.map((buffer, i) => ({ name: `IMG_000${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
  const previews = page.getByTestId('photo-preview');
  await expect(previews).toHaveCount(2);
  await expect(previews.getByRole('img')).toHaveCount(2);
  await expect(submit(page)).toBeEnabled();
  return Math.min(...photos.map((p) => p.length));
}

async function photosOf(origin: string, alertId: string): Promise<Photo[]> {
  const res = await fetch(`${origin}/Alerts/${alertId}/photos`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Photo[] }).data;
}

test('two photos from the gallery: downsized, sent, shown in the popup, the full view closed by Back and Escape', async ({ page, wildalert }) => {
  // What each photo upload carries (a Blob body, which the browser's network events do not show).
  await page.addInitScript(() => {
    const sent: Blob[] = [];
    (window as unknown as { photoUploads: Blob[] }).photoUploads = sent;
    const real = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof Blob && /\/photos$/.test(String(input))) sent.push(init.body);
      return real(input, init);
    };
  });
  const originalBytes = await fillInWithTwoPhotos(page);

  // A preview is removed, and chosen again, before sending.
  await page.getByRole('button', { name: 'Usuń zdjęcie 2' }).tap();
  await expect(page.getByTestId('photo-preview')).toHaveCount(1);
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Wybierz z galerii').tap();
  await (await chooser).setFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(page, 120) });
  await expect(page.getByTestId('photo-preview').getByRole('img')).toHaveCount(2);
  // "Zgłoś" is enabled again once the photo is ready: its colours are checked when their transition ends.
  await expect(submit(page)).toBeEnabled();
  await submit(page).evaluate((b) => Promise.all(b.getAnimations().map((a) => a.finished)));
  expect(await seriousA11yViolations(page)).toEqual([]);

  await submit(page).tap();
  await expect(page.getByText('Dziękujemy! Zgłoszenie dodane.')).toBeVisible(UPLOADS_END);

  // Each left the phone downsized: its long side at most 2048 px, a fraction of the original's bytes.
  const uploads = await page.evaluate(() =>
    Promise.all(
      (window as unknown as { photoUploads: Blob[] }).photoUploads.map(async (blob) => {
        const bitmap = await createImageBitmap(blob);
        return { width: bitmap.width, height: bitmap.height, bytes: blob.size, type: blob.type };
      }),
    ),
  );
  expect(uploads).toEqual([
    { width: 2048, height: 1365, bytes: expect.any(Number), type: 'image/jpeg' },
    { width: 2048, height: 1365, bytes: expect.any(Number), type: 'image/jpeg' },
  ]);
  for (const { bytes } of uploads) expect(bytes).toBeLessThan(originalBytes / 2);

  const [alert] = await wildalert.searchAlerts(all);
  expect(alert).toBeDefined();
  const stored = await photosOf(wildalert.origin, alert!.id);
  expect(stored).toHaveLength(2);

  // The popup shows both thumbnails, each in its reserved box, loaded.
  const thumbs = popup(page).getByRole('button', { name: /^Powiększ zdjęcie \d z 2: Dzik$/ });
  await expect(thumbs).toHaveCount(2);
  for (const img of await thumbs.locator('img').all()) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    // Once the map is at rest: measured while it still moved, its transform made the box 63.99999 px wide (one CI run).
    await expect.poll(() => img.boundingBox()).toMatchObject({ width: 64, height: 64 });
  }

  // A tap opens the larger copy over the whole screen; Back closes it and leaves the map, its popup open.
  const onMap = /\/WildAlertApp\/(\?.*)?$/;
  await thumbs.first().tap();
  const viewer = page.getByRole('dialog', { name: 'Zdjęcie 1 z 2: Dzik' });
  await expect(viewer).toBeVisible();
  expect(await viewer.boundingBox()).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  const large = viewer.getByRole('img', { name: 'Zdjęcie 1 z 2: Dzik' });
  await expect(large).toHaveAttribute('src', stored[0]!.url);
  await expect.poll(() => large.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(stored[0]!.width);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await viewer.getByRole('button', { name: 'Następne zdjęcie' }).tap();
  await expect(page.getByRole('dialog', { name: 'Zdjęcie 2 z 2: Dzik' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(onMap);
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first()).toBeFocused();

  // Escape closes it too, going back in history as Back would: one more Back leaves nothing behind.
  await thumbs.nth(1).tap();
  await expect(page.getByRole('dialog', { name: 'Zdjęcie 2 z 2: Dzik' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(popup(page)).toBeVisible();
  await expect(thumbs.nth(1)).toBeFocused();
  // Its history entry went with it: the next Back leaves the map (for the blank page the test began on).
  await page.goBack();
  await expect(page).not.toHaveURL(onMap);
});

test('the connection lost in the middle of the uploads: the alert and both photos are stored exactly once', async ({ page, context, wildalert }) => {
  await fillInWithTwoPhotos(page);
  // Every photo upload, the outbox's later ones included, goes with the Alert-Key the alert was answered with.
  const alertKeysSent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/photos$/.test(request.url())) alertKeysSent.push(request.headers()['alert-key']!);
  });
  const reported = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/Alerts');
  const keys: string[] = [];
  let calls = 0;
  // The first photo reaches the server but its answer is lost; then nothing gets through.
  await page.route('**/Alerts/*/photos', async (route) => {
    keys.push(route.request().headers()['idempotency-key']!);
    if (++calls === 1) await route.fetch();
    await route.abort('connectionreset');
  });
  await submit(page).tap();

  // The alert is stored; its photos wait in the outbox, on the device.
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible(UPLOADS_END);
  const outbox = page.getByTestId('outbox');
  await expect(outbox).toContainText('Czeka na wysłanie');
  await outbox.locator('summary').tap();
  await expect(outbox.getByTestId('outbox-item')).toContainText('zgłoszenie zapisane; czekają 2 zdjęcia');
  const [alert] = await wildalert.searchAlerts(all);
  expect(alert).toBeDefined();
  expect(await photosOf(wildalert.origin, alert!.id)).toHaveLength(1);

  // Offline altogether: "Wyślij teraz" sends nothing, and the photos keep waiting.
  await context.setOffline(true);
  await page.unroute('**/Alerts/*/photos');
  await outbox.getByRole('button', { name: 'Wyślij teraz' }).tap();
  await expect(outbox.getByRole('button', { name: 'Wyślij teraz' })).toBeEnabled();
  await expect(outbox.getByTestId('outbox-item')).toContainText('zgłoszenie zapisane; czekają 2 zdjęcia');

  // The network is back: the outbox sends what is left by itself, the first photo under its first key.
  await context.setOffline(false);
  await expect(outbox).toHaveCount(0, UPLOADS_END);
  const stored = await photosOf(wildalert.origin, alert!.id);
  expect(stored).toHaveLength(2);
  expect(await wildalert.searchAlerts(all)).toHaveLength(1);
  const rows = await wildalert.sql<{ idempotency_key: string }>('SELECT idempotency_key FROM photos ORDER BY position');
  expect(rows).toHaveLength(2);
  // Every upload cut off was the first photo's, under one key: the key it is stored under, once.
  expect(new Set(keys).size).toBe(1);
  expect(rows[0]!.idempotency_key).toBe(keys[0]);
  const alertKey = (await reported).headers()['alert-key'];
  expect(alertKey).toMatch(/^[\w-]{43}$/);
  expect(alertKeysSent.length).toBeGreaterThanOrEqual(3);
  expect(new Set(alertKeysSent)).toEqual(new Set([alertKey]));
});

test('a photo queued by the version before Alert-Keys is sent with its alert\'s Idempotency-Key, and taken', async ({ page, wildalert }) => {
  // The alert stored before the upgrade (its key has no network, as migration 016 left such keys); its photo still on the phone.
  const key = randomUUID();
  const created = await fetch(`${wildalert.origin}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ ...KRAKOW, animal: 'boar', comments: 'sprzed aktualizacji' }),
  });
  const alert = ((await created.json()) as { data: Alert }).data;
  await wildalert.sql(`UPDATE idempotency_keys SET network = '' WHERE key = $1`, [key]);
  await page.goto('');
  const jpeg = [...(await cameraJpeg(page, 90))];
  await page.evaluate(
    async ({ key, alertId, jpeg }) => {
      // The outbox's IndexedDB store (idb-keyval's: database wildalert-outbox, store alerts), as the older version wrote it: no alertKey.
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('wildalert-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('alerts');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const item = {
        idempotencyKey: key,
        body: { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'sprzed aktualizacji' },
        queuedAt: new Date().toISOString(),
        alertId,
        photos: [{ key: crypto.randomUUID(), blob: new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }) }],
      };
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('alerts', 'readwrite');
        tx.objectStore('alerts').put(item, key);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { key, alertId: alert.id, jpeg },
  );
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/photos$/.test(r.url()));
  await page.reload();
  expect((await sent).headers()['alert-key']).toBe(key);
  await expect.poll(async () => (await photosOf(wildalert.origin, alert.id)).length, UPLOADS_END).toBe(1);
});

test('a file that is not a photo: refused in Polish, in the form or by the server, and the alert is stored all the same', async ({ page, wildalert }) => {
  await page.goto('addAlert');
  await page.getByRole('radio', { name: 'Lis' }).tap();
  await pickerMap(page).tap({ position: { x: 150, y: 120 } });
  // The form refuses what it can tell at once: too many bytes, or not an image at all.
  let chooser = page.waitForEvent('filechooser');
  await page.getByText('Wybierz z galerii').tap();
  await (await chooser).setFiles([
    { name: 'film.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(16 * 1024 * 1024, 1) },
    { name: 'notatki.txt', mimeType: 'text/plain', buffer: Buffer.from('to nie jest zdjęcie') },
  ]);
  await expect(page.getByRole('alert')).toHaveText(
    'Plik „film.jpg” jest za duży: zdjęcie może mieć najwyżej 15 MB.Plik „notatki.txt” nie jest zdjęciem (JPEG, PNG, WebP lub HEIC).',
  );
  await expect(page.getByTestId('photo-preview')).toHaveCount(0);

  // A text file that calls itself a JPEG gets past the form (the browser shows no preview) but
  // not the server, which decodes it: the alert is stored, the outbox says why the photo was not.
  chooser = page.waitForEvent('filechooser');
  await page.getByText('Wybierz z galerii').tap();
  await (await chooser).setFiles({ name: 'IMG_0003.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Lorem ipsum, not a JPEG at all') });
  await expect(page.getByTestId('photo-preview')).toContainText('Bez podglądu');
  await submit(page).tap();
  await expect(page.getByRole('region', { name: 'Mapa zgłoszeń dzikich zwierząt' })).toBeVisible();
  const outbox = page.getByTestId('outbox');
  await outbox.locator('summary').tap();
  await expect(outbox.getByTestId('outbox-item')).toContainText(
    'zdjęcie 1 nie zostało przyjęte: to nie jest zdjęcie w znanym formacie (JPEG, PNG, WebP, HEIC)',
  );
  const [alert] = await wildalert.searchAlerts(all);
  expect(alert).toMatchObject({ animal: 'fox', photos: [] });
  // Dismissed, it is gone for good.
  await outbox.getByRole('button', { name: 'Usuń z listy' }).tap();
  await expect(outbox).toHaveCount(0);
});

test('the moderator hides one photo, then the alert: both answer 404 to everyone after', async ({ page, wildalert }) => {
  // An alert reported with its key, with two photos (sent with the Alert-Key its answer carried), and reported as abusive.
  const created = await fetch(`${wildalert.origin}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...KRAKOW, animal: 'fox', comments: 'Lis na podwórku' }),
  });
  const alert = ((await created.json()) as { data: Alert }).data;
  const alertKey = created.headers.get('alert-key')!;
  await page.goto('');
  const photos: Photo[] = [];
  for (const hue of [30, 150]) {
    const res = await fetch(`${wildalert.origin}/Alerts/${alert.id}/photos`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'alert-key': alertKey, 'idempotency-key': randomUUID() },
      body: new Uint8Array(await cameraJpeg(page, hue)),
    });
    expect(res.status).toBe(201);
    photos.push(((await res.json()) as { data: Photo }).data);
  }
  await fetch(`${wildalert.origin}/Alerts/${alert.id}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Zdjęcie nie pokazuje zwierzęcia' }),
  });

  await signInWithoutScreens(page, wildalert);
  await page.goto('moderation');

  const reported = page.getByTestId('moderation-reported');
  const card = reported.getByRole('article', { name: 'Lis' });
  await expect(card).toContainText('Lis na podwórku');
  await expect(card).toContainText('Zdjęcie nie pokazuje zwierzęcia');
  await expect(card.getByRole('img', { name: /^Zdjęcie [12]$/ })).toHaveCount(2);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The session outlives a reload.
  await page.reload();
  await expect(card.getByRole('img', { name: /^Zdjęcie [12]$/ })).toHaveCount(2);

  // One photo: asked once more, then hidden; the public answers 404 for its copies.
  await card.getByRole('button', { name: 'Ukryj zdjęcie 1' }).tap();
  await card.getByRole('button', { name: /^Na pewno ukryć zdjęcie 1\?/ }).tap();
  await expect(page.getByText('Zdjęcie ukryte.')).toBeVisible();
  await expect(card.getByRole('img', { name: /^Zdjęcie \d$/ })).toHaveCount(1);
  expect((await fetch(`${wildalert.origin}${photos[0]!.url}`)).status).toBe(404);
  expect((await fetch(`${wildalert.origin}${photos[0]!.thumbnailUrl}`)).status).toBe(404);
  expect((await fetch(`${wildalert.origin}${photos[1]!.url}`)).status).toBe(200);

  // Then the alert: gone from the public API with its last photo, listed as hidden, restorable.
  await card.getByRole('button', { name: 'Ukryj zgłoszenie' }).tap();
  await expect(page.getByText('Zgłoszenie ukryte.')).toBeVisible();
  const hidden = page.getByTestId('moderation-hidden').getByRole('article', { name: 'Lis' });
  await expect(hidden).toContainText('Ukryte przez moderatora');
  await expect(hidden.getByRole('img', { name: 'Zdjęcie 1' })).toBeVisible();
  await expect(hidden.getByRole('button', { name: 'Przywróć' })).toBeVisible();
  expect((await fetch(`${wildalert.origin}/Alerts/${alert.id}`)).status).toBe(404);
  expect((await fetch(`${wildalert.origin}${photos[1]!.url}`)).status).toBe(404);
  expect((await fetch(`${wildalert.origin}${photos[1]!.thumbnailUrl}`)).status).toBe(404);

  // Every decision is in the log.
  const log = await wildalert.sql<{ action: string; photo_id: string | null }>(
    'SELECT action, photo_id FROM moderation_log WHERE alert_id = $1 ORDER BY id',
    [alert.id],
  );
  expect(log).toEqual([
    { action: 'photo-hidden-by-moderator', photo_id: photos[0]!.id },
    { action: 'hidden-by-moderator', photo_id: null },
  ]);
  // And in the audit log, with the moderator's name.
  expect(await wildalert.sql(`SELECT actor, action, subject FROM audit_log WHERE action IN ('photo-hidden', 'alert-hidden') ORDER BY id`)).toEqual([
    { actor: 'Moderator', action: 'photo-hidden', subject: photos[0]!.id },
    { actor: 'Moderator', action: 'alert-hidden', subject: alert.id },
  ]);
});
