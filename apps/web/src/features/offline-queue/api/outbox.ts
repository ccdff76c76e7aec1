/**
 * The outbox: alerts added without a connection, kept in IndexedDB (they survive a closed
 * tab) with their Idempotency-Key, and sent when the connection returns. The key makes every
 * resend the same alert to the server, so each one is stored exactly once, however often a
 * send is cut off.
 *
 * An alert's photos wait here too, as blobs, each with its own Idempotency-Key: the alert is
 * sent first, then its photos one by one (with the Alert-Key the server answered the alert with,
 * which proves the sender reported it). Each photo is stored once however often its upload is cut off; a photo
 * the server refuses stays listed as refused and never costs the alert.
 */
import { createStore, del, entries, get, set } from 'idb-keyval';
import type { CreateAlertBody, Photo } from '@wildalert/shared';
import { ApiError } from '../../../lib/api-client.ts';

export interface QueuedPhoto {
  /** The upload's Idempotency-Key, kept with the photo from the start. */
  key: string;
  blob: Blob;
  /** The server refused it (it will not be sent again): the HTTP status. */
  refusedWith?: number;
}

export interface QueuedAlert {
  idempotencyKey: string;
  body: CreateAlertBody;
  /** ISO time it was queued. */
  queuedAt: string;
  /** The server refused it (it will not be sent again): the HTTP status. */
  refusedWith?: number;
  /** The server stored the alert under this id: what waits is its photos. */
  alertId?: string;
  /**
   * The Alert-Key the server answered the alert with, sent with its photos. Absent from what an
   * older version queued (or an older server answered): the alert's Idempotency-Key then serves.
   */
  alertKey?: string;
  /** Photos still to send (or refused), in the order they were chosen. */
  photos?: QueuedPhoto[];
  /** The add form is sending it now: the outbox waits until the form hands it over (or the tab closes). */
  held?: boolean;
}

const store = createStore('wildalert-outbox', 'alerts');
const CHANGED = 'wildalert-outbox-changed';

/** What changed: an alert queued, cancelled, stored by the server, or refused by it; one of its photos stored. */
export type OutboxChange = 'queued' | 'cancelled' | 'sent' | 'refused' | 'photo-sent';

function changed(change: OutboxChange) {
  window.dispatchEvent(new CustomEvent<OutboxChange>(CHANGED, { detail: change }));
}

/** Calls `onChange` whenever this tab changes the outbox; returns the unsubscribe. */
export function onOutboxChange(onChange: (change: OutboxChange) => void): () => void {
  const listener = (e: Event) => onChange((e as CustomEvent<OutboxChange>).detail);
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}

/** Oldest first. */
export async function queuedAlerts(): Promise<QueuedAlert[]> {
  const all = (await entries<string, QueuedAlert>(store)).map(([, v]) => v);
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** Queues an alert and its photos; `held`: the form sends it itself first (see releaseAlert). */
export async function enqueueAlert(body: CreateAlertBody, idempotencyKey: string, photos: readonly QueuedPhoto[] = [], held = false): Promise<void> {
  const item: QueuedAlert = { idempotencyKey, body, queuedAt: new Date().toISOString(), ...(photos.length > 0 ? { photos: [...photos] } : {}) };
  await set(idempotencyKey, held ? { ...item, held } : item, store);
  if (!held) changed('queued');
}

/**
 * The form hands a held alert over: stored by the server as `alertId` with `alertKey` (its
 * photos still to send), or not sent for want of a connection (the outbox sends it all later).
 */
export async function releaseAlert(idempotencyKey: string, alertId?: string, alertKey?: string): Promise<void> {
  const item = await queuedAlert(idempotencyKey);
  if (!item) return;
  const { held: _held, ...rest } = item;
  if (alertId !== undefined && (item.photos ?? []).length === 0) await del(idempotencyKey, store);
  else await set(idempotencyKey, alertId === undefined ? rest : { ...rest, alertId, ...(alertKey === undefined ? {} : { alertKey }) }, store);
  // The form sent the alert itself: not one that waited for a connection.
  changed('queued');
}

/** One queued alert, if still there. */
export function queuedAlert(idempotencyKey: string): Promise<QueuedAlert | undefined> {
  return get<QueuedAlert>(idempotencyKey, store);
}

export async function cancelQueuedAlert(idempotencyKey: string): Promise<void> {
  await del(idempotencyKey, store);
  changed('cancelled');
}

/** How the outbox reaches the server; given by the app (the outbox knows no API route). */
export interface Senders {
  /** POST /Alerts with its key: the stored alert's id, and the Alert-Key its answer carried. */
  alert(body: CreateAlertBody, idempotencyKey: string): Promise<{ id: string; alertKey: string | undefined }>;
  /** POST /Alerts/{id}/photos with the alert's Alert-Key and the photo's own Idempotency-Key. */
  photo(alertId: string, alertKey: string, photoKey: string, blob: Blob): Promise<Photo>;
}

let senders: Senders | undefined;
let flushing: Promise<void> | undefined;

/**
 * Sends what waits, oldest first, until the outbox is empty or the network fails again.
 * One run at a time in this tab; across tabs, the Idempotency-Key keeps a double send harmless.
 */
export function flushOutbox(): Promise<void> {
  flushing ??= sendAll()
    // IndexedDB unavailable (a private window of an old browser): nothing was queued either.
    .catch(() => undefined)
    .finally(() => {
      flushing = undefined;
    });
  return flushing;
}

async function sendAll(): Promise<void> {
  if (!navigator.onLine || !senders) return;
  const waiting = (await queuedAlerts()).filter((item) => item.refusedWith === undefined && !item.held);
  for (const item of waiting) {
    if ((await sendItem(item, senders)) === 'stopped') return;
  }
}

/**
 * Whether to try again later (no connection, the server busy or failing, or still storing an
 * earlier send of the same upload: 409) rather than give up.
 */
const transient = (error: unknown) =>
  !(error instanceof ApiError) || error.kind === 'network' || error.status === 409 || error.status === 429 || error.status >= 500;

/**
 * Sends one queued alert, then each of its photos not refused yet, recording progress in
 * IndexedDB after every step. `stopped`: the network failed; the rest waits, in order.
 * `onPhoto`: each photo stored, as the server answered it.
 */
async function sendItem(item: QueuedAlert, via: Senders, onPhoto?: (photo: Photo) => void): Promise<'done' | 'stopped'> {
  let { alertId, alertKey } = item;
  if (alertId === undefined) {
    try {
      ({ id: alertId, alertKey } = await via.alert(item.body, item.idempotencyKey));
    } catch (error) {
      if (transient(error)) return 'stopped';
      // Refused for good (say, the alert is invalid): kept so the visitor sees it, not resent.
      await set(item.idempotencyKey, { ...item, refusedWith: (error as ApiError).status } satisfies QueuedAlert, store);
      changed('refused');
      return 'done';
    }
    if ((item.photos ?? []).length === 0) {
      await del(item.idempotencyKey, store);
      changed('sent');
      return 'done';
    }
    await set(item.idempotencyKey, { ...item, alertId, ...(alertKey === undefined ? {} : { alertKey }) } satisfies QueuedAlert, store);
    changed('sent');
  }
  for (const photo of item.photos ?? []) {
    if (photo.refusedWith !== undefined) continue;
    let refusedWith: number | undefined;
    try {
      // Not `onPhoto?.(await …)`: without onPhoto, that would skip the upload itself.
      const stored = await via.photo(alertId, alertKey ?? item.idempotencyKey, photo.key, photo.blob);
      onPhoto?.(stored);
    } catch (error) {
      if (transient(error)) return 'stopped';
      refusedWith = (error as ApiError).status;
    }
    const now = await queuedAlert(item.idempotencyKey);
    // Cancelled meanwhile: nothing more to send.
    if (!now) return 'done';
    const photos = (now.photos ?? []).flatMap((p) => (p.key !== photo.key ? [p] : refusedWith === undefined ? [] : [{ ...p, refusedWith }]));
    await set(item.idempotencyKey, { ...now, photos } satisfies QueuedAlert, store);
    changed(refusedWith === undefined ? 'photo-sent' : 'refused');
  }
  const left = await queuedAlert(item.idempotencyKey);
  // Done; refused photos stay listed until the visitor dismisses them.
  if (left && (left.photos ?? []).length === 0) {
    await del(item.idempotencyKey, store);
    changed('photo-sent');
  }
  return 'done';
}

/**
 * The add form sends the photos of the alert it just stored, at once, rather than at the outbox's
 * next turn. Resolves with the photos stored now; what could not be sent stays queued.
 */
export async function sendPhotosNow(idempotencyKey: string, via: Senders, onPhoto: (photo: Photo) => void): Promise<void> {
  const item = await queuedAlert(idempotencyKey);
  if (item && !item.held) await sendItem(item, via, onPhoto);
}

/**
 * On app start: send what waits now, when the connection returns, and now and then meanwhile,
 * with `via`. An alert still held by a form is one whose tab closed while sending: the outbox takes it.
 */
export function startOutbox(via: Senders): void {
  senders = via;
  void (async () => {
    for (const item of await queuedAlerts()) {
      if (item.held) await releaseAlert(item.idempotencyKey);
    }
  })()
    .catch(() => undefined)
    .then(() => flushOutbox());
  window.addEventListener('online', () => void flushOutbox());
  // A connection that is "online" but does not reach the server sends no event.
  setInterval(() => void flushOutbox(), 30_000);
}
