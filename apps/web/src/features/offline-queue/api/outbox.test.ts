// @vitest-environment node
/**
 * The outbox against a real HTTP server on 127.0.0.1 that answers as the API does (201 with the
 * alert and its Alert-Key, a replay for a key it knows, 409 with Retry-After while a send of the
 * same key is still being stored, problem+json for a refused photo) over an IndexedDB stand-in:
 * a reload mid-send, a refused photo, cancel, offline then online.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { CreateAlertBody } from '@wildalert/shared';
import { Outbox } from './outbox.ts';

const BODY: CreateAlertBody = { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'Dzik przy przystanku' };
/** The stand-in's photo limit: a bigger body is refused with 413, as the API refuses one over 15 MB. */
const PHOTO_LIMIT = 1000;
const photo = (bytes = 100) => ({ key: randomUUID(), blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }) });

interface Request {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  alertKey: string | undefined;
}

/** The API as the outbox meets it: what it was sent, what it stored. */
class FakeApi {
  readonly requests: Request[] = [];
  /** Alerts by Idempotency-Key; `committed` once the request that stored it is done. */
  readonly alerts = new Map<string, { id: string; alertKey: string; committed: boolean }>();
  readonly photos = new Map<string, { alertId: string; bytes: number }>();
  /** The next POST /Alerts is stored but never answered: the test ends it by `dropHeld`. */
  holdNextAlert = false;
  /** The next photo is stored, but its answer is lost (the connection drops). */
  dropNextPhotoAnswer = false;
  #held: ServerResponse | undefined;
  #server: Server;
  port = 0;

  constructor() {
    this.#server = createServer((req, res) => void this.#answer(req, res));
  }

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
  }

  /** Closed: connections to its port are refused, as with no network. */
  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server = createServer((req, res) => void this.#answer(req, res));
  }

  /** The held request's connection drops (the tab that sent it closed): the store's write completes. */
  dropHeld(): void {
    for (const alert of this.alerts.values()) alert.committed = true;
    this.#held?.socket?.destroy();
    this.#held = undefined;
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks).length;
    const path = new URL(req.url!, 'http://x').pathname;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const alertKey = req.headers['alert-key'] as string | undefined;
    this.requests.push({ method: req.method!, path, idempotencyKey, alertKey });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
      json(status, { type: 'about:blank', title: 'Refused', status, detail }, headers);
    if (req.method === 'POST' && path === '/Alerts') {
      if (!idempotencyKey) return problem(400, 'idempotency-key is required');
      const known = this.alerts.get(idempotencyKey);
      if (known && !known.committed) return problem(409, 'An earlier request with this Idempotency-Key is still being stored.', { 'retry-after': '1' });
      const alert = known ?? { id: randomUUID(), alertKey: randomUUID(), committed: false };
      this.alerts.set(idempotencyKey, alert);
      if (this.holdNextAlert) {
        this.holdNextAlert = false;
        this.#held = res;
        return;
      }
      alert.committed = true;
      return json(201, { data: { id: alert.id, ...BODY, photos: [] } }, { 'alert-key': alert.alertKey });
    }
    const photoPath = /^\/Alerts\/([^/]+)\/photos$/.exec(path);
    if (req.method === 'POST' && photoPath) {
      const alert = [...this.alerts.values()].find((a) => a.id === photoPath[1]);
      if (!alert) return problem(404, `There is no alert ${photoPath[1]}.`);
      if (alertKey !== alert.alertKey) return problem(403, 'Only the reporter of an alert adds photos to it.');
      if (bytes > PHOTO_LIMIT) return problem(413, `A photo has at most ${PHOTO_LIMIT} bytes.`);
      if (!this.photos.has(idempotencyKey!)) this.photos.set(idempotencyKey!, { alertId: alert.id, bytes });
      if (this.dropNextPhotoAnswer) {
        this.dropNextPhotoAnswer = false;
        return void res.socket?.destroy();
      }
      return json(201, { data: { id: idempotencyKey, url: `/photos/${idempotencyKey}` } });
    }
    problem(404, 'Not found');
  }

  posts(path: RegExp) {
    return this.requests.filter((r) => r.method === 'POST' && path.test(r.path));
  }
}

const servers: FakeApi[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function fakeApi(): Promise<FakeApi> {
  const api = new FakeApi();
  await api.listen();
  servers.push(api);
  return api;
}

/** An outbox over its own IndexedDB database: `database` shared by two is one device's, reloaded. */
const outboxFor = (api: FakeApi, database: string, online = () => true) => new Outbox({ origin: api.origin, database, isOnline: online });

/** Resolves when the entry's send, started by `queue`, has ended. */
const settled = (outbox: Outbox, id: string) =>
  new Promise<void>((resolve) => {
    const check = () => {
      const entry = outbox.entry(id);
      if (!entry || (!entry.sending && (entry.done || entry.failure))) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = outbox.subscribe(check);
    check();
  });

describe('the outbox', () => {
  test('a reload mid-send: the next page resends under the same key, and the server stores the alert and its photo once', async () => {
    const api = await fakeApi();
    const database = randomUUID();
    const first = outboxFor(api, database);
    const id = randomUUID();
    const picture = photo();
    api.holdNextAlert = true;
    await first.queue(id, BODY, [picture]);
    await expect.poll(() => api.alerts.size).toBe(1);

    // The page reloads while the server is still storing the alert: the new page's outbox finds it waiting.
    const reloaded = outboxFor(api, database);
    await reloaded.ready;
    expect(reloaded.list().map((e) => e.id)).toEqual([id]);
    // Its resend meets the first, still being stored: 409, it waits.
    await reloaded.flush();
    expect(reloaded.entry(id)?.failure?.status).toBe(409);
    // The first page's connection drops; the next try gets the stored alert, then sends the photo.
    api.dropHeld();
    await reloaded.flush();

    const alertPosts = api.posts(/^\/Alerts$/);
    expect(alertPosts.length).toBe(3);
    expect(new Set(alertPosts.map((r) => r.idempotencyKey))).toEqual(new Set([id]));
    expect(api.alerts.size).toBe(1);
    const [stored] = [...api.alerts.values()];
    expect([...api.photos.entries()]).toEqual([[picture.key, { alertId: stored!.id, bytes: 100 }]]);
    expect(api.posts(/\/photos$/).map((r) => r.alertKey)).toEqual([stored!.alertKey]);
    expect(reloaded.entry(id)).toMatchObject({ done: true, stored: { alertId: stored!.id, alertKey: stored!.alertKey }, photos: [] });
    expect(reloaded.list()).toEqual([]);
    // Nothing is left on the device for a third page.
    const third = outboxFor(api, database);
    await third.ready;
    expect(third.list()).toEqual([]);
  });

  test('a refused photo: the alert stays stored, the photo is listed as refused with the server\'s reason, the others go', async () => {
    const api = await fakeApi();
    const database = randomUUID();
    const outbox = outboxFor(api, database);
    const id = randomUUID();
    const photos = [photo(), photo(PHOTO_LIMIT + 1), photo()];
    await outbox.queue(id, BODY, photos);
    await settled(outbox, id);

    const [stored] = [...api.alerts.values()];
    expect([...api.photos.keys()]).toEqual([photos[0]!.key, photos[2]!.key]);
    const entry = outbox.entry(id);
    expect(entry).toMatchObject({ done: true, alert: { id: stored!.id }, stored: { alertId: stored!.id } });
    expect(entry?.sentPhotos.map((p) => p.id)).toEqual([photos[0]!.key, photos[2]!.key]);
    expect(entry?.photos).toMatchObject([{ key: photos[1]!.key, refused: { status: 413, detail: `A photo has at most ${PHOTO_LIMIT} bytes.` } }]);
    // Listed, on this page and the next, until the visitor dismisses it; never sent again.
    expect(outbox.list().map((e) => e.id)).toEqual([id]);
    const reloaded = outboxFor(api, database);
    await reloaded.ready;
    expect(reloaded.entry(id)?.photos).toMatchObject([{ key: photos[1]!.key, refused: { status: 413, detail: `A photo has at most ${PHOTO_LIMIT} bytes.` } }]);
    const sent = api.requests.length;
    await reloaded.flush();
    expect(api.requests.length).toBe(sent);
    await reloaded.cancel(id);
    expect(reloaded.list()).toEqual([]);
    expect(api.posts(/^\/Alerts$/)).toHaveLength(1);
  });

  test('a photo whose answer is lost is sent again under its own key, and stored once', async () => {
    const api = await fakeApi();
    const outbox = outboxFor(api, randomUUID());
    const id = randomUUID();
    const pictures = [photo(), photo()];
    api.dropNextPhotoAnswer = true;
    await outbox.queue(id, BODY, pictures);
    await settled(outbox, id);
    expect(outbox.entry(id)).toMatchObject({ done: false, failure: { kind: 'network' } });
    await outbox.flush();
    expect(api.posts(/\/photos$/).map((r) => r.idempotencyKey)).toEqual([pictures[0]!.key, pictures[0]!.key, pictures[1]!.key]);
    expect([...api.photos.keys()]).toEqual(pictures.map((p) => p.key));
    expect(outbox.entry(id)).toMatchObject({ done: true, photos: [] });
  });

  test('cancel: what was queued offline is never sent, and a send under way stops there', async () => {
    const api = await fakeApi();
    let online = false;
    const outbox = outboxFor(api, randomUUID(), () => online);
    const offlineId = randomUUID();
    await outbox.queue(offlineId, BODY, [photo()]);
    expect(outbox.list().map((e) => e.id)).toEqual([offlineId]);
    await outbox.cancel(offlineId);
    online = true;
    await outbox.flush();
    expect(api.requests).toEqual([]);

    // Cancelled while the alert is on its way: its photos are not sent, now or later.
    const id = randomUUID();
    api.holdNextAlert = true;
    await outbox.queue(id, BODY, [photo(), photo()]);
    await expect.poll(() => api.posts(/^\/Alerts$/).length).toBe(1);
    await outbox.cancel(id);
    api.dropHeld();
    await outbox.flush();
    expect(outbox.list()).toEqual([]);
    expect(outbox.entry(id)).toBeUndefined();
    expect(api.posts(/^\/Alerts$/)).toHaveLength(1);
    expect(api.posts(/\/photos$/)).toEqual([]);
  });

  test('offline, then online: the alert waits and is sent once when the server can be reached', async () => {
    const api = await fakeApi();
    const database = randomUUID();
    // No network: the server's port refuses connections.
    const { port } = api;
    await api.close();
    const outbox = outboxFor(api, database);
    const id = randomUUID();
    await outbox.queue(id, BODY, [photo()]);
    await settled(outbox, id);
    expect(outbox.entry(id)?.failure).toMatchObject({ kind: 'network' });
    expect(outbox.list()).toMatchObject([{ id, fresh: false, sending: false }]);
    await outbox.flush();

    await api.listen(port);
    await outbox.flush();
    await outbox.flush();
    expect(api.posts(/^\/Alerts$/).map((r) => r.idempotencyKey)).toEqual([id]);
    expect(api.alerts.size).toBe(1);
    expect(api.photos.size).toBe(1);
    expect(outbox.list()).toEqual([]);
  });
});
