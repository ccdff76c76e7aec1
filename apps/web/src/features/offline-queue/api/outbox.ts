/**
 * The outbox: alerts added without a connection, kept in IndexedDB (they survive a closed
 * tab) with their Idempotency-Key, and sent when the connection returns. The key makes every
 * resend the same alert to the server, so each one is stored exactly once, however often a
 * send is cut off.
 */
import { createStore, del, entries, set } from 'idb-keyval';
import type { CreateAlertBody } from '@wildalert/shared';
import { ApiError } from '../../../lib/api-client.ts';

export interface QueuedAlert {
  idempotencyKey: string;
  body: CreateAlertBody;
  /** ISO time it was queued. */
  queuedAt: string;
  /** The server refused it (it will not be sent again): the HTTP status. */
  refusedWith?: number;
}

const store = createStore('wildalert-outbox', 'alerts');
const CHANGED = 'wildalert-outbox-changed';

/** What changed: an alert queued, cancelled, stored by the server, or refused by it. */
export type OutboxChange = 'queued' | 'cancelled' | 'sent' | 'refused';

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

export async function enqueueAlert(body: CreateAlertBody, idempotencyKey: string): Promise<void> {
  await set(idempotencyKey, { idempotencyKey, body, queuedAt: new Date().toISOString() } satisfies QueuedAlert, store);
  changed('queued');
}

export async function cancelQueuedAlert(idempotencyKey: string): Promise<void> {
  await del(idempotencyKey, store);
  changed('cancelled');
}

/** Sends one alert to the server (POST /Alerts with its key); given by the app at start. */
export type SendAlert = (body: CreateAlertBody, idempotencyKey: string) => Promise<unknown>;

let send: SendAlert | undefined;
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
  if (!navigator.onLine || !send) return;
  const waiting = (await queuedAlerts()).filter((item) => item.refusedWith === undefined);
  for (const item of waiting) {
    try {
      await send(item.body, item.idempotencyKey);
      await del(item.idempotencyKey, store);
      changed('sent');
    } catch (error) {
      // No connection, or the server is busy or failing: try again later, keep the order.
      if (!(error instanceof ApiError) || error.kind === 'network' || error.status === 429 || error.status >= 500) return;
      // Refused for good (say, the alert is invalid): kept so the visitor sees it, not resent.
      await set(item.idempotencyKey, { ...item, refusedWith: error.status } satisfies QueuedAlert, store);
      changed('refused');
    }
  }
}

/**
 * On app start: send what waits now, when the connection returns, and now and then meanwhile,
 * with `sendAlert`.
 */
export function startOutbox(sendAlert: SendAlert): void {
  send = sendAlert;
  void flushOutbox();
  window.addEventListener('online', () => void flushOutbox());
  // A connection that is "online" but does not reach the server sends no event.
  setInterval(() => void flushOutbox(), 30_000);
}
