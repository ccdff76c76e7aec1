/** Server mode: several API processes on one PostgreSQL share one live feed (LISTEN/NOTIFY) and one secret for Alert-Keys. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { gridOf, type Alert } from '@wildalert/shared';
import { createTestApp, type TestApp, staffToken } from './helpers.ts';
import { openStream } from '@wildalert/test-support';

let a: TestApp;
let b: TestApp;
let atA: string;
let atB: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, {}, a.database);
  atA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  atB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  await a?.dispose();
});

it('delivers an alert posted to instance A to a stream on instance B', async () => {
  const s = await openStream(`${atB}/Alerts/stream?Latitude=50.0497&Longitude=19.9445&Radius=15`);
  try {
    await s.next('ready');
    const res = await fetch(`${atA}/Alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latitude: 50.0497, longitude: 19.9445, animal: 'badger', comments: 'z instancji A' }),
    });
    expect(res.status).toBe(201);
    const posted = ((await res.json()) as { data: Alert }).data;
    const event = await s.next('alert', 2000);
    expect(JSON.parse(event.data)).toEqual(posted);
  } finally {
    s.close();
  }
});

it('takes photos through instance B with the Alert-Key instance A answered the report with', async () => {
  const reported = await a.app.inject({ method: 'POST', url: '/Alerts', payload: { latitude: 50.0497, longitude: 19.9445, animal: 'fox' } });
  const alertKey = reported.headers['alert-key'] as string;
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'green' } }).png().toBuffer();
  const upload = await b.app.inject({
    method: 'POST',
    url: `/Alerts/${reported.json().data.id}/photos`,
    headers: { 'content-type': 'image/png', 'alert-key': alertKey, 'idempotency-key': randomUUID() },
    payload: photo,
  });
  expect(upload.statusCode, upload.body).toBe(201);
});

/**
 * Each service's change, made on instance A, reaches what instance B keeps: its cached search,
 * its cached map tile, and its open live stream. B has read (and cached) both before the change.
 */
describe('every change made on one instance reaches the caches and open maps of another', () => {
  let TOKEN = '';
  let c: TestApp;
  let d: TestApp;
  let atD: string;
  let place = 0;
  const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-test-shared-photos-'));

  beforeAll(async () => {
    c = await createTestApp({ PHOTOS_DIR: photosDir });
    d = await createTestApp({ PHOTOS_DIR: photosDir }, {}, c.database);
    atD = await d.app.listen({ port: 0, host: '127.0.0.1' });
    TOKEN = await staffToken(c.app);
  });
  afterAll(async () => {
    await d?.close();
    await c?.dispose();
    fs.rmSync(photosDir, { recursive: true, force: true });
  });

  /** A spot of the test's own near Gdańsk, so that searches and tiles hold only its alert. */
  const spot = () => ({ latitude: 54.3 + ++place / 100, longitude: 18.6 });

  /** What B shows of the alert at `at`: in its search and in its tile (undefined when absent). */
  const seenByB = async (at: { latitude: number; longitude: number }, id: string) => {
    const search = (await d.app.inject({ method: 'GET', url: `/Alerts?Latitude=${at.latitude}&Longitude=${at.longitude}&Radius=0.5` })).json<{ data: Alert[] }>();
    const { x, y } = gridOf(at.latitude, at.longitude, 16);
    const tile = (await d.app.inject({ method: 'GET', url: `/Alerts/tiles/16/${x}/${y}` })).json<{ alerts: Alert[] }>();
    return { search: search.data.find((a) => a.id === id), tile: tile.alerts.find((a) => a.id === id) };
  };

  /** Watches B's stream around `at` while `change` runs on A; answers the first event B sends and what B shows after it. */
  const changeOnA = async (at: { latitude: number; longitude: number }, id: string, change: () => Promise<unknown>) => {
    const before = await seenByB(at, id); // now in B's caches
    const stream = await openStream(`${atD}/Alerts/stream?Latitude=${at.latitude}&Longitude=${at.longitude}&Radius=1`);
    try {
      await stream.next('ready');
      await change();
      const event = await stream.next(undefined, 5000);
      return { before, event: { type: event.event, data: JSON.parse(event.data) }, after: await seenByB(at, id) };
    } finally {
      stream.close();
    }
  };

  const report = async () => {
    const at = spot();
    const res = await c.app.inject({ method: 'POST', url: '/Alerts', payload: { ...at, animal: 'fox' } });
    expect(res.statusCode).toBe(201);
    return { at, alert: res.json<{ data: Alert }>().data, alertKey: res.headers['alert-key'] as string };
  };
  const admin = {
    get authorization() {
      return `Bearer ${TOKEN}`;
    },
  };

  it('a new alert (alerts service)', async () => {
    const at = spot();
    let id = '';
    const { before, event } = await changeOnA(at, '', async () => {
      id = (await c.app.inject({ method: 'POST', url: '/Alerts', payload: { ...at, animal: 'fox' } })).json<{ data: Alert }>().data.id;
    });
    expect(before).toEqual({ search: undefined, tile: undefined });
    expect(event).toMatchObject({ type: 'alert', data: { id } });
    const after = await seenByB(at, id);
    expect(after.search?.id).toBe(id);
    expect(after.tile?.id).toBe(id);
  });

  it('a vote (votes service)', async () => {
    const { at, alert } = await report();
    const { before, event, after } = await changeOnA(at, alert.id, () =>
      c.app.inject({ method: 'POST', url: `/Alerts/${alert.id}/votes`, remoteAddress: '10.20.0.1', payload: { vote: 'still-there' } }),
    );
    expect(before.search).toMatchObject({ stillThere: 0 });
    expect(before.tile).toMatchObject({ stillThere: 0 });
    expect(event).toMatchObject({ type: 'changed', data: { id: alert.id, stillThere: 1 } });
    expect(after.search).toMatchObject({ stillThere: 1 });
    expect(after.tile).toMatchObject({ stillThere: 1 });
  });

  it('a photo added, then hidden by a moderator (photos service)', async () => {
    const { at, alert, alertKey } = await report();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'green' } }).png().toBuffer();
    const added = await changeOnA(at, alert.id, () =>
      c.app.inject({
        method: 'POST',
        url: `/Alerts/${alert.id}/photos`,
        headers: { 'content-type': 'image/png', 'alert-key': alertKey, 'idempotency-key': randomUUID() },
        payload: photo,
      }),
    );
    expect(added.before.search?.photos).toEqual([]);
    expect(added.before.tile?.photos).toEqual([]);
    expect(added.event).toMatchObject({ type: 'changed', data: { id: alert.id, photos: [expect.anything()] } });
    expect(added.after.search?.photos).toHaveLength(1);
    expect(added.after.tile?.photos).toHaveLength(1);

    const photoId = added.event.data.photos[0].id as string;
    const hidden = await changeOnA(at, alert.id, () => c.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}/photos/${photoId}`, headers: admin }));
    expect(hidden.event).toMatchObject({ type: 'changed', data: { id: alert.id, photos: [] } });
    expect(hidden.after.search?.photos).toEqual([]);
    expect(hidden.after.tile?.photos).toEqual([]);
  });

  it('reports from three networks hide an alert, and a moderator restores it (moderation service)', async () => {
    const { at, alert } = await report();
    const reported = await changeOnA(at, alert.id, async () => {
      for (const network of ['10.30.0.1', '10.31.0.1', '10.32.0.1']) {
        await c.app.inject({ method: 'POST', url: `/Alerts/${alert.id}/reports`, remoteAddress: network, payload: { reason: 'spam' } });
      }
    });
    expect(reported.before.search?.id).toBe(alert.id);
    expect(reported.event).toMatchObject({ type: 'removed', data: { id: alert.id } });
    expect(reported.after).toEqual({ search: undefined, tile: undefined });

    const restored = await changeOnA(at, alert.id, () => c.app.inject({ method: 'POST', url: `/moderation/alerts/${alert.id}/restore`, headers: admin }));
    expect(restored.event).toMatchObject({ data: { id: alert.id } });
    expect(restored.after.search?.id).toBe(alert.id);
    expect(restored.after.tile?.id).toBe(alert.id);
  });

  it('a moderator hides an alert (moderation service)', async () => {
    const { at, alert } = await report();
    const { before, event, after } = await changeOnA(at, alert.id, () => c.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}`, headers: admin }));
    expect(before.tile?.id).toBe(alert.id);
    expect(event).toMatchObject({ type: 'removed', data: { id: alert.id } });
    expect(after).toEqual({ search: undefined, tile: undefined });
  });
});
