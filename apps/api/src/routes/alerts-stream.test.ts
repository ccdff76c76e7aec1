import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridOf, type Alert } from '@wildalert/shared';
import { createTestApp, type TestApp, staffToken } from '../../test/helpers.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { openStream, type SseStream } from '@wildalert/test-support';
import { AlertFeed } from '../live/alert-feed.ts';
import { EVENTS_CHANNEL, RESET_NOTIFICATION } from '../repositories/events-repository.ts';

const KRAKOW = { latitude: 50.0497, longitude: 19.9445 };
const WARSAW = { latitude: 52.2297, longitude: 21.0122 };

let t: TestApp;
let origin: string;
const open: SseStream[] = [];


beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await t.dispose();
});

async function stream(query: string, lastEventId?: string, at = origin) {
  const s = await openStream(`${at}/Alerts/stream?${query}`, lastEventId);
  open.push(s);
  return s;
}

async function post(body: object, at = origin): Promise<Alert> {
  const res = await fetch(`${at}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: Alert }).data;
}

const aroundKrakow = `Latitude=${KRAKOW.latitude}&Longitude=${KRAKOW.longitude}&Radius=15`;

describe('GET /Alerts/stream', () => {
  it('is an event stream that says it is live, with an id to resume from', async () => {
    const s = await stream(aroundKrakow);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toContain('no-cache');
    const ready = await s.next('ready');
    expect(ready.id).toMatch(/^\d+$/);
    s.close();
  });

  it('sends a new alert within the area at once, and not one outside it', async () => {
    const s = await stream(aroundKrakow);
    await s.next('ready');
    await post({ ...WARSAW, animal: 'fox', comments: 'daleko' });
    const near = await post({ ...KRAKOW, animal: 'boar', comments: 'blisko' });
    const event = await s.next();
    expect(event.event).toBe('alert');
    expect(JSON.parse(event.data)).toEqual(near);
    expect(Number(event.id)).toBeGreaterThan(0);
    s.close();
  });

  it('filters by animal', async () => {
    const s = await stream(`${aroundKrakow}&animal=fox&animal=hare`);
    await s.next('ready');
    await post({ ...KRAKOW, animal: 'boar' });
    const hare = await post({ ...KRAKOW, animal: 'hare' });
    expect(JSON.parse((await s.next('alert')).data).id).toBe(hare.id);
    s.close();
  });

  it('replays exactly the alerts missed while disconnected, after a reconnect with Last-Event-ID', async () => {
    const first = await stream(aroundKrakow);
    const ready = await first.next('ready');
    first.close();

    const missed = [];
    for (let i = 0; i < 3; i++) missed.push(await post({ ...KRAKOW, animal: 'roe-deer', comments: `missed ${i}` }));
    await post({ ...WARSAW, animal: 'roe-deer', comments: 'elsewhere' });

    const again = await stream(aroundKrakow, ready.id);
    // Replayed, or (when this instance has not yet read the newest commits) sent live just
    // after "ready": either way exactly those three, in order.
    const replayed = [await again.next('alert'), await again.next('alert'), await again.next('alert')];
    expect(replayed.map((e) => JSON.parse(e.data).id)).toEqual(missed.map((a) => a.id));
    const ids = replayed.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(again.received.filter((e) => e.event === 'ready')).toHaveLength(1);
    // Then it is live, and what follows comes once.
    const next = await post({ ...KRAKOW, animal: 'fox', comments: 'after' });
    expect(JSON.parse((await again.next('alert')).data).id).toBe(next.id);
    await new Promise((r) => setTimeout(r, 200));
    const alerts = again.received.filter((e) => e.event === 'alert').map((e) => JSON.parse(e.data).id);
    expect(new Set(alerts).size).toBe(alerts.length);
    again.close();
  });

  it('resumes from a lastEventId query parameter too, for clients that cannot set the header', async () => {
    const first = await stream(aroundKrakow);
    const ready = await first.next('ready');
    first.close();
    const missed = await post({ ...KRAKOW, animal: 'beaver', comments: 'missed' });
    const again = await stream(`${aroundKrakow}&lastEventId=${ready.id}`);
    expect(JSON.parse((await again.next('alert')).data).id).toBe(missed.id);
    again.close();
  });

  it('tells a client that missed more than the replay history holds to reload (reset)', async () => {
    // A feed that remembers only two events, on the same database.
    const feed = new AlertFeed(t.app.db, t.app.events, t.app.log, 2);
    await feed.start();
    try {
      const before: string[] = [];
      feed.subscribe({ ...KRAKOW, radiusKm: 15 }, undefined, (m) => before.push(`${m.kind}:${m.id}`));
      const startId = Number(before[0]!.split(':')[1]);
      for (let i = 0; i < 3; i++) await post({ ...KRAKOW, animal: 'hare' });
      await expect.poll(() => before.length).toBe(4);
      const got: string[] = [];
      feed.subscribe({ ...KRAKOW, radiusKm: 15 }, startId, (m) => got.push(m.kind));
      expect(got).toEqual(['reset']);
      const recent: string[] = [];
      feed.subscribe({ ...KRAKOW, radiusKm: 15 }, startId + 1, (m) => recent.push(m.kind));
      expect(recent).toEqual(['added', 'added', 'ready']);
    } finally {
      await feed.stop();
    }
  });

  it("after alerts are changed by hand, an operator's NOTIFY 'reset' tells open maps to reload, and tiles, searches and hotspots forget what they kept", async () => {
    const gdansk = { latitude: 54.352, longitude: 18.6466 };
    const { x, y } = gridOf(gdansk.latitude, gdansk.longitude, 14);
    const answers = async () => {
      const [tile, search, hotspots] = await Promise.all(
        [`/Alerts/tiles/14/${x}/${y}`, `/Alerts?Latitude=${gdansk.latitude}&Longitude=${gdansk.longitude}&Radius=5`, `/Alerts/hotspots/14/${x}/${y}`].map(
          async (url) => (await t.app.inject({ method: 'GET', url })).json<{ alerts?: unknown[]; data?: unknown[]; cells?: unknown[] }>(),
        ),
      );
      return { tile: tile!.alerts!.length, search: search!.data!.length, hotspots: hotspots!.cells!.length };
    };
    const s = await stream(`Latitude=${gdansk.latitude}&Longitude=${gdansk.longitude}&Radius=5`);
    await s.next('ready');
    const fox = await post({ ...gdansk, animal: 'fox' });
    // Its event read, nothing is left to make the caches forget it.
    await s.next('alert');
    expect(await answers()).toEqual({ tile: 1, search: 1, hotspots: 1 });

    // Around the API: no event, so the tile and the hotspots are still kept (the search cache keeps for a second at most).
    await t.app.db.query('DELETE FROM alert_events WHERE alert_id = $1', [fox.id]);
    await t.app.db.query('DELETE FROM alerts WHERE id = $1', [fox.id]);
    expect((await answers()).tile).toBe(1);

    // As docs/operations.md tells an operator to.
    await t.app.db.query(`NOTIFY ${EVENTS_CHANNEL}, '${RESET_NOTIFICATION}'`);
    await s.next('reset');
    expect(await answers()).toEqual({ tile: 0, search: 0, hotspots: 0 });
  });

  it('announces an alert hidden by a moderator as removed, and a restored one as new again', async () => {
    const s = await stream(aroundKrakow);
    await s.next('ready');
    const alert = await post({ ...KRAKOW, animal: 'marten', comments: 'spam?' });
    await s.next('alert');
    const auth = { authorization: `Bearer ${await staffToken(t.app)}` };
    expect((await fetch(`${origin}/Alerts/${alert.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    const removed = await s.next();
    expect(removed.event).toBe('removed');
    expect(JSON.parse(removed.data)).toEqual({ id: alert.id });

    // A client reconnecting from before the alert is never sent its content.
    const replay = await stream(aroundKrakow, String(Number(removed.id) - 2));
    expect((await replay.next()).event).toBe('removed');
    expect(replay.received.some((e) => e.event === 'alert')).toBe(false);
    replay.close();

    const restored = await fetch(`${origin}/moderation/alerts/${alert.id}/restore`, { method: 'POST', headers: auth });
    expect(restored.status).toBe(200);
    const again = await s.next();
    expect(again.event).toBe('alert');
    expect(JSON.parse(again.data)).toEqual(alert);
    s.close();
  });

  it('refuses a bad area with a 400 problem', async () => {
    const res = await fetch(`${origin}/Alerts/stream?Latitude=95&Longitude=19`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as { errors: object }).errors).toHaveProperty('latitude');
  });
});

describe('HEAD /Alerts/stream', () => {
  it("answers at once with the stream's status and headers, and no body", async () => {
    // Over a bare socket, which waits for the answer to end (a stream would never end).
    const port = Number(new URL(origin).port);
    const res = await rawRequest(port, { method: 'HEAD', path: `/Alerts/stream?${aroundKrakow}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toContain('no-cache');
    expect(res.headers['content-length']).toBeUndefined();
    expect((await rawRequest(port, { method: 'HEAD', path: '/Alerts/stream?latitude=91&longitude=0' })).status).toBe(400);
  });
});

describe('shutdown', () => {
  it('ends open streams so the server closes at once', async () => {
    const other = await createTestApp({}, {}, undefined);
    const at = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openStream(`${at}/Alerts/stream?${aroundKrakow}`);
    await s.next('ready');
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await other.dispose();
    await expect(s.next('never', 2000)).rejects.toThrow(/ended/);
  });
});
