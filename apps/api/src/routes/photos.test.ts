import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import exifReader from 'exif-reader';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { gridOf, type Alert, type Photo } from '@wildalert/shared';
import { openStream, startFaultyProxy, startS3Server, type FaultyProxy, type S3Server } from '@wildalert/test-support';
import { createTestApp, engine, staffToken, type TestApp } from '../../test/helpers.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { photoKey } from '../photos/photo-storage.ts';

/** A moderator's personal API token, made for each app. */
let TOKEN = '';
const MODERATOR = {
  get authorization() {
    return `Bearer ${TOKEN}`;
  },
};

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

/** A phone's JPEG: sideways (EXIF orientation 6), with the camera and the place it was taken. */
async function phoneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const raw = await sharp({ create: { width, height, channels: 3, background: { r: 230, g: 130, b: 30 } } })
    .jpeg()
    .toBuffer();
  return sharp(raw)
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 3/1 1234/100' } })
    .jpeg()
    .toBuffer();
}

/** A PNG of its own: copies are kept by content, so a test's photos must not be another test's. */
const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) } } })
    .png()
    .toBuffer();

/** The copies' keys a photo names. */
const keysOf = (photos: Photo[]) => photos.flatMap((p) => [p.url, p.thumbnailUrl].map((url) => url.split('/').at(-1)!));

/** The copies kept in the test app's folder, or in the bucket: what a look at the disk or the bucket would find. */
async function storedKeys(t: TestApp): Promise<string[]> {
  const { photos } = t.config;
  if ('dir' in photos) {
    if (!fs.existsSync(photos.dir)) return [];
    return fs
      .readdirSync(photos.dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  }
  const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = photos.s3;
  const client = new S3Client({ region, endpoint, forcePathStyle, credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! } });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: photos.s3.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

/** What is kept now beyond what was kept `before`. */
const keptSince = async (t: TestApp, before: string[]) => (await storedKeys(t)).filter((key) => !before.includes(key));

/**
 * Where the copies are kept is the photo store's business, not the database's: the bucket's
 * cases run once, on PostgreSQL (as an ENGINE_INDEPENDENT file would), the folder's on both
 * engines, so that every query of photos still runs on both.
 */
const STORES: Array<[string, () => Record<string, string>]> = [
  ['a folder', () => ({})],
  [
    'an S3 bucket',
    () => ({
      PHOTOS_S3_BUCKET: s3.bucket,
      PHOTOS_S3_ENDPOINT: s3.endpoint,
      PHOTOS_S3_ACCESS_KEY_ID: s3.accessKeyId,
      PHOTOS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    }),
  ],
];

describe.each(engine() === 'postgres' ? STORES : STORES.slice(0, 1))('photos kept in %s', (_where, storageEnv) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...storageEnv() });
    TOKEN = await staffToken(t.app);
  });
  afterAll(() => t.dispose());

  /** An alert reported as the web app reports, with an Idempotency-Key; `key` is the Alert-Key its answer carried, which lets its reporter add photos. */
  async function report(animal = 'boar'): Promise<{ alert: Alert; key: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/Alerts',
      headers: { 'idempotency-key': randomUUID() },
      payload: { latitude: 50.06, longitude: 19.94, animal, comments: 'z aparatem' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { alert: res.json().data, key: res.headers['alert-key'] as string };
  }

  const upload = (alertId: string, alertKey: string, body: Buffer, type = 'image/jpeg', uploadKey: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/Alerts/${alertId}/photos`,
      headers: { 'content-type': type, 'alert-key': alertKey, 'idempotency-key': uploadKey },
      payload: body,
    });

  const photosOf = async (alertId: string) => t.app.inject({ method: 'GET', url: `/Alerts/${alertId}/photos` });
  const fetchCopy = (url: string) => t.app.inject({ method: 'GET', url });

  it('stores a phone photo upright, as WebP copies of 320 and 1280 px with no metadata, and lists it on its alert', async () => {
    const { alert, key } = await report();
    const res = await upload(alert.id, key, await phoneJpeg());
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().data as Photo;
    expect(photo).toMatchObject({ width: 960, height: 1280 });
    expect(res.headers.location).toBe(photo.url);
    expect((await photosOf(alert.id)).json()).toEqual({ data: [photo] });

    for (const [url, size] of [
      [photo.url, [960, 1280]],
      [photo.thumbnailUrl, [240, 320]],
    ] as const) {
      const copy = await fetchCopy(url);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toMatch(/max-age=31536000, immutable/);
      const metadata = await sharp(copy.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', ...size]);
      expect([metadata.exif, metadata.xmp, metadata.orientation]).toEqual([undefined, undefined, undefined]);
    }
    // What went in had them: the test would show nothing if it had not.
    expect(exifReader((await sharp(await phoneJpeg()).metadata()).exif!).GPSInfo).toBeDefined();
  });

  it('stores a photo once however often its upload is retried, and takes at most three', async () => {
    const before = await storedKeys(t);
    const { alert, key } = await report();
    const uploadKey = randomUUID();
    const first = await upload(alert.id, key, await png(), 'image/png', uploadKey);
    const again = await upload(alert.id, key, await png(), 'image/png', uploadKey);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    // Two retries racing each other: still one photo, decoded once. The one that finds the
    // other under way is told to ask again (409), then gets the same photo.
    const racing = randomUUID();
    const both = await Promise.all([upload(alert.id, key, await png(), 'image/png', racing), upload(alert.id, key, await png(), 'image/png', racing)]);
    const raced = both.map((r) => r.statusCode).sort();
    expect([[200, 201], [201, 409]]).toContainEqual(raced);
    const stored = both.find((r) => r.statusCode === 201)!.json().data as Photo;
    for (const told of both.filter((r) => r.statusCode === 409)) {
      expect(told.headers['retry-after']).toBe('2');
      const asked = await upload(alert.id, key, await png(), 'image/png', racing);
      expect([asked.statusCode, asked.json().data]).toEqual([200, stored]);
    }
    expect((await photosOf(alert.id)).json().data).toHaveLength(2);

    expect((await upload(alert.id, key, await png(), 'image/png')).statusCode).toBe(201);
    const fourth = await upload(alert.id, key, await png(), 'image/png');
    expect(fourth.statusCode).toBe(400);
    expect(fourth.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(fourth.json().detail).toBe('An alert has at most 3 photos.');
    const kept = (await photosOf(alert.id)).json().data as Photo[];
    expect(kept).toHaveLength(3);
    // The retries' own copies (other bytes under the same key) were not kept beside the photos'.
    expect(await keptSince(t, before)).toEqual(keysOf(kept).sort());
  });

  it('answers a retry sent while the same upload is still under way 409 with Retry-After, storing nothing', async () => {
    const before = await storedKeys(t);
    const { alert, key } = await report();
    const uploadKey = randomUUID();
    // As another request holding it would: its place taken, its bytes still being decoded.
    await t.app.db.query('INSERT INTO photo_uploads (id, alert_id, idempotency_key) VALUES ($1, $2, $3)', [randomUUID(), alert.id, uploadKey]);
    const retry = await upload(alert.id, key, await png(), 'image/png', uploadKey);
    expect([retry.statusCode, retry.headers['retry-after'], retry.headers['content-type']]).toEqual([409, '2', expect.stringMatching(/^application\/problem\+json/)]);
    expect((await photosOf(alert.id)).json().data).toEqual([]);
    expect(await keptSince(t, before)).toEqual([]);
  });

  it('takes three of nine uploads sent at once, refuses the rest before storing anything, and keeps only the three photos\' copies', async () => {
    const before = await storedKeys(t);
    const { alert, key } = await report();
    const bodies = await Promise.all(Array.from({ length: 9 }, () => png()));
    const answers = await Promise.all(bodies.map((body) => upload(alert.id, key, body, 'image/png')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 400, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) expect(refused.json().detail).toBe('An alert has at most 3 photos.');
    const kept = (await photosOf(alert.id)).json().data as Photo[];
    expect(kept.map((p) => p.id).sort()).toEqual(answers.filter((r) => r.statusCode === 201).map((r) => r.json().data.id).sort());
    expect(await keptSince(t, before)).toEqual(keysOf(kept).sort());
  });

  it('cleans up after an upload whose process died: its copies go, unless a photo uses the same bytes', async () => {
    const { alert, key } = await report();
    const photo = (await upload(alert.id, key, await png(), 'image/png')).json().data as Photo;
    const before = await storedKeys(t);
    const orphan = (await sharp(await png()).webp().toBuffer()) as Buffer;
    await t.app.photoStorage.put(photoKey(orphan), orphan);
    // What a process killed between storing its copies and recording its photo leaves: an upload
    // started long ago, naming a copy of its own and one it shares with a photo.
    await t.app.db.query(
      `INSERT INTO photo_uploads (id, alert_id, idempotency_key, copy_keys, started_at) VALUES ($1, $2, $3, $4, now() - interval '10 minutes')`,
      [randomUUID(), alert.id, randomUUID(), [photoKey(orphan), keysOf([photo])[0]]],
    );
    expect(await keptSince(t, before)).toEqual([photoKey(orphan)]);
    await t.app.services.photos.sweep();
    expect(await keptSince(t, before)).toEqual([]);
    expect((await fetchCopy(photo.url)).statusCode).toBe(200);
    expect((await fetchCopy(photo.thumbnailUrl)).statusCode).toBe(200);
    expect(await t.app.db.query('SELECT 1 FROM photo_uploads WHERE alert_id = $1', [alert.id])).toEqual([]);
  });

  it('refuses, with a problem and storing nothing: a stranger, a file that is not an image, a bomb, too many bytes', async () => {
    const { alert, key } = await report();
    const expectProblem = (res: Awaited<ReturnType<typeof upload>>, status: number, detail: RegExp) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().detail).toMatch(detail);
    };
    expectProblem(await upload(alert.id, randomUUID(), await png(), 'image/png'), 403, /Only the reporter/);
    expectProblem(await upload(randomUUID(), key, await png(), 'image/png'), 404, /no alert/);
    expectProblem(await upload(alert.id, key, Buffer.from('To nie jest zdjęcie, tylko tekst.'), 'image/jpeg'), 415, /not an image/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>');
    expectProblem(await upload(alert.id, key, svg, 'image/svg+xml'), 415, /format are not accepted/);
    expectProblem(await upload(alert.id, key, await png(), 'text/plain'), 415, /Send the photo itself/);
    const side = 7200;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: 'black' } }).png({ compressionLevel: 9 }).toBuffer();
    expectProblem(await upload(alert.id, key, bomb, 'image/png'), 413, /megapixels/);
    expectProblem(await upload(alert.id, key, Buffer.alloc(15 * 1024 * 1024 + 1), 'image/jpeg'), 413, /larger than 15 MiB/);
    expect((await photosOf(alert.id)).json()).toEqual({ data: [] });
  });

  it('takes a PNG however it is named and typed, since the bytes say what it is', async () => {
    const { alert, key } = await report();
    const res = await upload(alert.id, key, await png(), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ width: 400, height: 300 });
  });

  it("takes an iPhone's HEIC", async () => {
    const { alert, key } = await report();
    const heic = fs.readFileSync(new URL('../../test/fixtures/sample.heic', import.meta.url));
    const res = await upload(alert.id, key, heic, 'image/heic');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ width: 640, height: 480 });
  });

  it("shows an alert's photos wherever the alert is: by id, in searches, GeoJSON and CSV", async () => {
    const { alert, key } = await report('fox');
    const photo = (await upload(alert.id, key, await png(), 'image/png')).json().data as Photo;
    const near = `Latitude=${alert.latitude}&Longitude=${alert.longitude}&Radius=0.1&animal=fox`;
    expect((await t.app.inject({ method: 'GET', url: `/Alerts/${alert.id}` })).json().data.photos).toEqual([photo]);
    const found = (await t.app.inject({ method: 'GET', url: `/Alerts?${near}` })).json().data as Alert[];
    expect(found.find((a) => a.id === alert.id)?.photos).toEqual([photo]);
    const geojson = (await t.app.inject({ method: 'GET', url: `/Alerts.geojson?${near}` })).json();
    expect(geojson.features.find((f: { id: string }) => f.id === alert.id).properties.photos).toEqual([photo]);
    const csv = (await t.app.inject({ method: 'GET', url: `/Alerts.csv?${near}` })).body;
    expect(csv.split('\r\n')[0]).toBe('id,latitude,longitude,animal,comments,createdAt,photos,stillThere,gone,lastSeenAt,howMany,young,behaviour,place,officialStatus,officialStatusOrganisation,officialStatusAt,officialStatusOutcome,officialStatusNote,verification,verificationBy,verificationOrganisation,verificationAt,verificationCorrectedFrom,verificationReason,verificationNote,licence');
    expect(csv).toContain(`,${photo.url},0,0,`);
  });

  it("tells an open map's stream and the cached tiles of a photo added, then hidden, after its alert", async () => {
    const { alert, key } = await report('hare');
    const { x, y } = gridOf(alert.latitude, alert.longitude, 15);
    const tileUrl = `/Alerts/tiles/15/${x}/${y}?animal=hare`;
    const tilePhotos = async () =>
      ((await t.app.inject({ method: 'GET', url: tileUrl })).json().alerts as Alert[]).find((a) => a.id === alert.id)?.photos;
    expect(await tilePhotos()).toEqual([]); // cached now
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`${origin}/Alerts/stream?Latitude=${alert.latitude}&Longitude=${alert.longitude}&Radius=1`);
    try {
      await stream.next('ready');
      const photo = (await upload(alert.id, key, await png(), 'image/png')).json().data as Photo;
      const added = await stream.next('changed');
      expect(JSON.parse(added.data)).toMatchObject({ id: alert.id, photos: [photo] });
      expect(await tilePhotos()).toEqual([photo]);

      expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}/photos/${photo.id}`, headers: MODERATOR })).statusCode).toBe(204);
      const hidden = await stream.next('changed');
      expect(JSON.parse(hidden.data)).toMatchObject({ id: alert.id, photos: [] });
      expect(await tilePhotos()).toEqual([]);
      // Neither is news of a new alert: no second "alert" event for it.
      expect(stream.received.filter((e) => e.event === 'alert')).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('serves no photo of a hidden alert, nor a photo a moderator hid, and logs the decision', async () => {
    const { alert, key } = await report();
    const [one, two] = [(await upload(alert.id, key, await png(), 'image/png')).json().data as Photo, (await upload(alert.id, key, await phoneJpeg(800, 600))).json().data as Photo];

    const hide = await t.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}/photos/${one.id}`, headers: MODERATOR });
    expect(hide.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}/photos/${one.id}` })).statusCode).toBe(401);
    expect((await photosOf(alert.id)).json().data).toEqual([two]);
    expect((await fetchCopy(one.url)).statusCode).toBe(404);
    expect((await fetchCopy(one.thumbnailUrl)).statusCode).toBe(404);
    expect((await fetchCopy(two.url)).statusCode).toBe(200);
    const log = await t.app.db.query<{ action: string }>('SELECT action FROM moderation_log WHERE photo_id = $1', [one.id]);
    expect(log.map((r) => r.action)).toEqual(['photo-hidden-by-moderator']);

    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}`, headers: MODERATOR })).statusCode).toBe(204);
    expect((await fetchCopy(two.url)).statusCode).toBe(404);
    expect((await photosOf(alert.id)).statusCode).toBe(404);
    expect((await upload(alert.id, key, await png(), 'image/png')).statusCode).toBe(404);

    // The moderator still sees it, with its photo, to restore it or not.
    const hidden = await t.app.inject({ method: 'GET', url: '/moderation/hidden', headers: MODERATOR });
    const entry = (hidden.json().data as Array<{ alert: Alert; hiddenBy: string }>).find((e) => e.alert.id === alert.id);
    expect(entry).toMatchObject({ hiddenBy: 'moderator', alert: { photos: [two] } });
    const copy = `/moderation/photos/${two.thumbnailUrl.split('/').at(-1)}`;
    expect((await t.app.inject({ method: 'GET', url: copy })).statusCode).toBe(401);
    const seen = await t.app.inject({ method: 'GET', url: copy, headers: MODERATOR });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(seen.rawPayload).metadata()).format).toBe('webp');
    const hiddenCopy = `/moderation/photos/${one.thumbnailUrl.split('/').at(-1)}`;
    expect((await t.app.inject({ method: 'GET', url: hiddenCopy, headers: MODERATOR })).statusCode).toBe(404);
  });
});

describe('who adds photos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dispose());

  const boar = { latitude: 50.07, longitude: 19.95, animal: 'boar', comments: 'kto doda zdjęcie' };
  const report = (key: string, remoteAddress: string, body: object = boar) =>
    t.app.inject({ method: 'POST', url: '/Alerts', remoteAddress, headers: { 'idempotency-key': key }, payload: body });
  const upload = async (alertId: string, alertKey: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/Alerts/${alertId}/photos`,
        headers: { 'content-type': 'image/png', 'alert-key': alertKey, 'idempotency-key': randomUUID() },
        payload: await png(),
      })
    ).statusCode;

  it("takes the Alert-Key the server answered the report with, answered again on a retry from any network, never a key a client chose", async () => {
    const key = randomUUID();
    const first = await report(key, '192.0.2.10');
    const alertId = first.json().data.id as string;
    const alertKey = first.headers['alert-key'] as string;
    expect(alertKey).toMatch(/^[\w-]{43}$/);
    // The Idempotency-Key the reporter chose is no proof: anyone who saw or guessed it could send it.
    expect(await upload(alertId, key)).toBe(403);
    // Retries (the same network, then a phone that moved to mobile data) answer the same Alert-Key.
    for (const remoteAddress of ['192.0.2.11', '2001:db8:5::1']) {
      const again = await report(key, remoteAddress);
      expect([again.json().data.id, again.headers['idempotent-replayed'], again.headers['alert-key']]).toEqual([alertId, 'true', alertKey]);
    }
    expect(await upload(alertId, alertKey)).toBe(201);
    // Another client, elsewhere, that chose the same key for another alert: an alert of its own, whose Alert-Key is no use on the first.
    const other = await report(key, '198.51.100.7', { ...boar, animal: 'fox' });
    expect(other.statusCode).toBe(201);
    expect(other.json().data.id).not.toBe(alertId);
    expect(await upload(alertId, other.headers['alert-key'] as string)).toBe(403);
    expect(await upload(other.json().data.id, alertKey)).toBe(403);
    // An alert reported without an Idempotency-Key has one too.
    const bare = await t.app.inject({ method: 'POST', url: '/Alerts', payload: boar });
    expect(await upload(bare.json().data.id, bare.headers['alert-key'] as string)).toBe(201);
  });

  it('refuses a stranger before reading the body: a wrong or missing Alert-Key is answered while the 15 MiB are still to come', async () => {
    const alert = (await report(randomUUID(), '192.0.2.30')).json().data as Alert;
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const announce = (headers: Array<[string, string]>, path = `/Alerts/${alert.id}/photos`) =>
      // Headers only: a server waiting for the body would answer 408 after 10 s, or never.
      rawRequest(port, { method: 'POST', path, headers: [['Content-Type', 'image/png'], ['Idempotency-Key', randomUUID()], ['Content-Length', String(15 * 1024 * 1024)], ...headers] });
    const started = Date.now();
    const wrong = await announce([['Alert-Key', 'guessed-key']]);
    const missing = await announce([]);
    const nowhere = await announce([['Alert-Key', 'guessed-key']], `/Alerts/${randomUUID()}/photos`);
    expect([wrong.status, missing.status, nowhere.status]).toEqual([403, 400, 404]);
    expect(JSON.parse(missing.body)).toMatchObject({ errors: { 'alert-key': [{ code: 'required' }] } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('takes the Idempotency-Key of an alert reported before there were Alert-Keys, as then', async () => {
    const key = randomUUID();
    const alertId = (await report(key, '192.0.2.20')).json().data.id as string;
    // What migration 016 left of a key stored before it: no network.
    await t.app.db.query(`UPDATE idempotency_keys SET network = '' WHERE key = $1`, [key]);
    expect(await upload(alertId, key)).toBe(201);
    // Still replayed, from anywhere, for the same request.
    const again = await report(key, '203.0.113.9');
    expect([again.json().data.id, again.headers['idempotent-replayed']]).toEqual([alertId, 'true']);
  });
});

describe('what photos may cost the server', () => {
  // A store's faults, whatever the database: once, on PostgreSQL (see STORES).
  describe.runIf(engine() === 'postgres')('with the S3 store frozen or refusing', () => {
    let proxy: FaultyProxy;
    let t: TestApp;
    beforeAll(async () => {
      proxy = await startFaultyProxy(s3.endpoint);
      t = await createTestApp({
        PHOTOS_S3_BUCKET: s3.bucket,
        PHOTOS_S3_ENDPOINT: proxy.url,
        PHOTOS_S3_ACCESS_KEY_ID: s3.accessKeyId,
        PHOTOS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        PHOTOS_S3_TIMEOUT_MS: '500',
      });
    });
    afterAll(async () => {
      await t?.dispose();
      await proxy?.close();
    });

    it('answers 503 with Retry-After within its deadline, keeps the alert and no copy, and takes the photo once the store is back', async () => {
      const before = await storedKeys(t);
      const reported = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { latitude: 50.06, longitude: 19.94, animal: 'boar' } });
      const [alert, key] = [reported.json().data as Alert, reported.headers['alert-key'] as string];
      const uploadKey = randomUUID();
      const body = await png();
      const send = () =>
        t.app.inject({ method: 'POST', url: `/Alerts/${alert.id}/photos`, headers: { 'content-type': 'image/png', 'alert-key': key, 'idempotency-key': uploadKey }, payload: body });
      const expectUnavailable = (res: Awaited<ReturnType<typeof send>>) => {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('10');
        expect(res.json()).toMatchObject({ status: 503, type: '/problems/photo-store-unavailable' });
      };

      // Frozen from the first copy on; then frozen after the first copy was stored; then refusing connections.
      proxy.freeze();
      expectUnavailable(await send());
      proxy.freeze(1);
      expectUnavailable(await send());
      await proxy.refuse();
      expectUnavailable(await send());
      expect((await t.app.inject(`/Alerts/${alert.id}`)).json().data).toMatchObject({ id: alert.id, photos: [] });

      // Back: the copy stored before the store froze is cleaned up by the sweep, and the upload sent again is taken.
      await proxy.pass();
      await t.app.services.photos.sweep();
      expect(await keptSince(t, before)).toEqual([]);
      const res = await send();
      expect(res.statusCode, res.body).toBe(201);
      expect(await keptSince(t, before)).toEqual(keysOf([res.json().data]).sort());
    });
  });
});
