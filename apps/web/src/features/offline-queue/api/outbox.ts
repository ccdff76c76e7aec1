/**
 * The outbox: the one thing on the device that sends an alert and its photos. The add form puts
 * an alert here, with its photos as blobs, and watches it go (`subscribe`, `entry`); the outbox
 * sends it at once when there is a connection, and later when there was none or the send was
 * cut off. One sender means no lock between two, and no alert sent twice by two hands.
 *
 * One identifier follows an alert from the device to the server: the entry's id is the
 * Idempotency-Key of its POST /Alerts, so every resend (after a lost answer, a closed tab, a
 * reload mid-send) is the same alert to the server, stored exactly once. The server's answer —
 * the alert's id and the Alert-Key that proves this device reported it — is kept with the entry;
 * the photos go after it, one by one, each under its own Idempotency-Key, chosen when it was
 * queued. A photo the server refuses stays listed as refused (with the server's reason) and never
 * costs the alert or the other photos.
 *
 * Entries live in IndexedDB (they survive a closed tab) and, for the screens, in memory: an
 * immutable snapshot per entry, replaced on every change, which React reads with
 * useSyncExternalStore. Without IndexedDB (an old browser's private window) the outbox still
 * sends, from memory, what this tab queued.
 */
import { createStore, del, entries as storedEntries, set, type UseStore } from 'idb-keyval';
import type { Alert, CreateAlertBody, Photo } from '@wildalert/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { postAlert, postPhoto } from './send-alert.ts';

/** Why the server refused an alert or a photo for good (it is not sent again). */
export interface Refusal {
  status: number;
  /** The problem's type and detail, as the server answered. */
  type?: string;
  detail?: string;
}

export interface OutboxPhoto {
  /** The upload's Idempotency-Key, kept with the photo from the start. */
  key: string;
  blob: Blob;
  refused?: Refusal;
}

/** What IndexedDB keeps of an entry. */
interface StoredEntry {
  /** The entry's id: the Idempotency-Key of its POST /Alerts. */
  id: string;
  body: CreateAlertBody;
  /** ISO time it was queued. */
  queuedAt: string;
  /** The server's answer: the alert's id, and the Alert-Key its photos go with. */
  stored?: { alertId: string; alertKey: string };
  refused?: Refusal;
  /** Photos still to send, or refused, in the order they were chosen. */
  photos: OutboxPhoto[];
}

export interface OutboxEntry extends StoredEntry {
  /** Being sent now. */
  sending: boolean;
  /**
   * Queued by this tab and not tried yet, or on its first go: a form watches it, and the outbox's
   * list does not show it as waiting (yet).
   */
  fresh: boolean;
  /** The alert and its photos have all gone (refused photos aside): nothing more to send. */
  done: boolean;
  /** The stored alert, as the server answered it in this tab. */
  alert?: Alert;
  /** The photos the server stored in this tab, as it answered them. */
  sentPhotos: readonly Photo[];
  /** The last try's error: why it waits (no connection, the server busy) or was refused. */
  failure?: ApiError;
}

/** What just happened: told to `subscribe`rs with the entry as it is now. */
export type OutboxChange = 'queued' | 'sending' | 'sent' | 'photo-sent' | 'refused' | 'waiting' | 'done' | 'cancelled';

export interface OutboxOptions {
  /** Where the API is: '' in the app (same origin). */
  origin?: string;
  /** The IndexedDB database (one store, `alerts`). */
  database?: string;
  isOnline?: () => boolean;
}

/** An entry as an older version wrote it (a flat alertId, alertKey and refusedWith; `held`). */
interface OlderEntry {
  idempotencyKey: string;
  body: CreateAlertBody;
  queuedAt: string;
  refusedWith?: number;
  alertId?: string;
  alertKey?: string;
  photos?: { key: string; blob: Blob; refusedWith?: number }[];
}

/** Reads what this version or an older one stored. */
function upgrade(raw: StoredEntry | OlderEntry): StoredEntry {
  if ('id' in raw) return raw;
  const id = raw.idempotencyKey;
  return {
    id,
    body: raw.body,
    queuedAt: raw.queuedAt,
    // An alert stored before Alert-Keys: its Idempotency-Key serves.
    ...(raw.alertId === undefined ? {} : { stored: { alertId: raw.alertId, alertKey: raw.alertKey ?? id } }),
    ...(raw.refusedWith === undefined ? {} : { refused: { status: raw.refusedWith } }),
    photos: (raw.photos ?? []).map((p) => ({ key: p.key, blob: p.blob, ...(p.refusedWith === undefined ? {} : { refused: { status: p.refusedWith } }) })),
  };
}

const stored = ({ id, body, queuedAt, stored, refused, photos }: OutboxEntry): StoredEntry => ({
  id,
  body,
  queuedAt,
  ...(stored ? { stored } : {}),
  ...(refused ? { refused } : {}),
  photos,
});

const waitingPhotos = (entry: StoredEntry) => entry.photos.filter((p) => !p.refused);

/**
 * Whether to try again later (no connection, the server busy or failing, or still storing an
 * earlier send of the same key: 409) rather than give up.
 */
const transient = (error: ApiError) => error.kind === 'network' || error.status === 409 || error.status === 429 || error.status >= 500;

const refusalOf = (error: ApiError): Refusal => ({
  status: error.status,
  ...(error.problem ? { type: error.problem.type, detail: error.problem.detail } : {}),
});

const asApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError('network', 0));
const aborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export class Outbox {
  readonly #origin: string;
  readonly #isOnline: () => boolean;
  readonly #store: UseStore | undefined;
  /** Every entry this tab knows, oldest first; finished ones stay for the form that watched them. */
  #entries = new Map<string, OutboxEntry>();
  #list: readonly OutboxEntry[] = [];
  readonly #listeners = new Set<(change?: OutboxChange, entry?: OutboxEntry) => void>();
  /** The send under way per entry: one at a time, whoever asks. */
  readonly #inFlight = new Map<string, { done: Promise<'done' | 'stopped'>; abort: AbortController }>();
  #flushing: Promise<void> | undefined;
  readonly ready: Promise<void>;

  constructor({ origin = '', database = 'wildalert-outbox', isOnline = () => navigator.onLine }: OutboxOptions = {}) {
    this.#origin = origin;
    this.#isOnline = isOnline;
    let store: UseStore | undefined;
    try {
      store = createStore(database, 'alerts');
    } catch {
      // No IndexedDB at all: memory only.
    }
    this.#store = store;
    this.ready = this.#load();
  }

  async #load(): Promise<void> {
    if (!this.#store) return;
    const found = await storedEntries<string, StoredEntry | OlderEntry>(this.#store).catch(() => []);
    for (const [, raw] of found) {
      const entry = upgrade(raw);
      const done = entry.stored !== undefined && waitingPhotos(entry).length === 0;
      this.#entries.set(entry.id, { ...entry, sending: false, fresh: false, done, sentPhotos: [] });
    }
    this.#publish();
  }

  /** Calls `listener` after every change (with what changed); returns the unsubscribe. */
  subscribe = (listener: (change?: OutboxChange, entry?: OutboxEntry) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** What waits or was refused (what the outbox lists), oldest first; the same array until something changes. */
  list = (): readonly OutboxEntry[] => this.#list;

  /** One entry, finished ones of this tab included; the same object until it changes. */
  entry = (id: string): OutboxEntry | undefined => this.#entries.get(id);

  /**
   * Queues an alert under `id` (its Idempotency-Key) with its photos, and sends it at once when
   * there is a connection. Queuing an id again (after the form withdrew it) starts it afresh.
   */
  async queue(id: string, body: CreateAlertBody, photos: readonly { key: string; blob: Blob }[] = []): Promise<void> {
    await this.ready;
    const entry: OutboxEntry = {
      id,
      body,
      queuedAt: new Date().toISOString(),
      photos: photos.map(({ key, blob }) => ({ key, blob })),
      sending: false,
      fresh: this.#isOnline(),
      done: false,
      sentPhotos: [],
    };
    this.#entries.set(id, entry);
    await this.#save(entry);
    this.#publish('queued', entry);
    if (entry.fresh) void this.#send(id);
  }

  /**
   * Takes an entry out: the visitor cancelled it or dismissed its refusal, or the form took back
   * one the server would not take now. What is on its way is aborted; nothing more is sent.
   */
  async cancel(id: string): Promise<void> {
    await this.ready;
    const entry = this.#entries.get(id);
    // Aborted, and forgotten at once: queued again, the id starts a send of its own.
    this.#inFlight.get(id)?.abort.abort();
    this.#inFlight.delete(id);
    this.#entries.delete(id);
    await this.#forget(id);
    this.#publish('cancelled', entry);
  }

  /**
   * Sends what waits, oldest first, until nothing is left or the network fails again. One run at
   * a time in this tab; across tabs, the Idempotency-Keys keep a double send harmless.
   */
  flush(): Promise<void> {
    this.#flushing ??= this.#sendAll().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #sendAll(): Promise<void> {
    await this.ready;
    for (const entry of this.#list) {
      if (!this.#isOnline()) return;
      if (entry.refused || entry.done) continue;
      if ((await this.#send(entry.id)) === 'stopped') return;
    }
  }

  /**
   * On app start: send what waits now, when the connection returns, and now and then meanwhile
   * (a connection that is "online" but does not reach the server sends no event).
   */
  start(): void {
    void this.flush();
    window.addEventListener('online', () => void this.flush());
    setInterval(() => void this.flush(), 30_000);
  }

  /** Sends one entry, or joins its send under way. `stopped`: it waits (the network or the server failed). */
  #send(id: string): Promise<'done' | 'stopped'> {
    const under = this.#inFlight.get(id);
    if (under) return under.done;
    const abort = new AbortController();
    const flight: { done: Promise<'done' | 'stopped'>; abort: AbortController } = {
      abort,
      done: this.#sendEntry(id, abort.signal).finally(() => {
        if (this.#inFlight.get(id) === flight) this.#inFlight.delete(id);
      }),
    };
    this.#inFlight.set(id, flight);
    return flight.done;
  }

  /** The alert first (unless the server has it), then each photo not refused, saving progress after every step. */
  async #sendEntry(id: string, signal: AbortSignal): Promise<'done' | 'stopped'> {
    let entry = this.#entries.get(id);
    if (!entry || entry.refused || entry.done) return 'done';
    // Cancelled meanwhile (and perhaps queued again, a new entry under the same id): nothing more from this send.
    const cancelled = () => signal.aborted || !this.#entries.has(id);
    entry = this.#change(entry, { sending: true }, 'sending');
    if (!entry.stored) {
      try {
        const { data, alertKey } = await postAlert(this.#origin, entry.body, entry.id, signal);
        if (cancelled()) return 'done';
        // A server older than Alert-Keys: the alert's Idempotency-Key serves.
        entry = this.#change(entry, { stored: { alertId: data.id, alertKey: alertKey ?? entry.id }, alert: data, failure: undefined }, 'sent');
      } catch (error) {
        if (aborted(error) || cancelled()) return 'done';
        return this.#failed(entry, asApiError(error), signal);
      }
      await this.#save(entry);
    }
    for (const photo of entry.photos) {
      if (photo.refused) continue;
      let refused: Refusal | undefined;
      let answer: Photo | undefined;
      try {
        answer = await postPhoto(this.#origin, entry.stored!.alertId, entry.stored!.alertKey, photo.key, photo.blob, signal);
      } catch (error) {
        if (aborted(error) || cancelled()) return 'done';
        const failure = asApiError(error);
        if (transient(failure)) return this.#failed(entry, failure, signal);
        refused = refusalOf(failure);
      }
      if (cancelled()) return 'done';
      const photos = entry.photos.flatMap((p) => (p.key !== photo.key ? [p] : refused ? [{ ...p, refused }] : []));
      entry = this.#change(entry, { photos, sentPhotos: answer ? [...entry.sentPhotos, answer] : entry.sentPhotos }, refused ? 'refused' : 'photo-sent');
      await this.#save(entry);
    }
    // Done; refused photos stay listed until the visitor dismisses them.
    this.#ended(id, signal);
    entry = this.#change(entry, { sending: false, fresh: false, done: true, failure: undefined }, 'done');
    if (entry.photos.length === 0) await this.#forget(id);
    return 'done';
  }

  /** A try failed: the entry waits for the next (`stopped`), or is kept as refused for the visitor to see. */
  async #failed(entry: OutboxEntry, failure: ApiError, signal: AbortSignal): Promise<'done' | 'stopped'> {
    this.#ended(entry.id, signal);
    if (transient(failure)) {
      this.#change(entry, { sending: false, fresh: false, failure }, 'waiting');
      return 'stopped';
    }
    const now = this.#change(entry, { sending: false, fresh: false, failure, refused: refusalOf(failure) }, 'refused');
    await this.#save(now);
    return 'done';
  }

  /**
   * A send is over before it says so: whoever hears of its end (and flushes, say) starts a new
   * send rather than joining this one.
   */
  #ended(id: string, signal: AbortSignal): void {
    if (this.#inFlight.get(id)?.abort.signal === signal) this.#inFlight.delete(id);
  }

  /** The entry's next snapshot, published. */
  #change(entry: OutboxEntry, change: Partial<OutboxEntry>, what: OutboxChange): OutboxEntry {
    const next: OutboxEntry = { ...entry, ...change };
    this.#entries.set(entry.id, next);
    this.#publish(what, next);
    return next;
  }

  #publish(change?: OutboxChange, entry?: OutboxEntry): void {
    this.#list = [...this.#entries.values()]
      .filter((e) => !(e.done && e.photos.length === 0))
      .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    for (const listener of this.#listeners) listener(change, entry);
  }

  async #save(entry: OutboxEntry): Promise<void> {
    // Cancelled meanwhile: not written back.
    if (!this.#store || this.#entries.get(entry.id) !== entry) return;
    // IndexedDB failing (full, or gone): the entry still goes from memory.
    await set(entry.id, stored(entry), this.#store).catch(() => undefined);
  }

  async #forget(id: string): Promise<void> {
    if (this.#store) await del(id, this.#store).catch(() => undefined);
  }
}

let deviceOutbox: Outbox | undefined;

/** The app's outbox, built once: the add form queues in it, the list shows it, the app starts it. */
export function theOutbox(): Outbox {
  if (!deviceOutbox) {
    deviceOutbox = new Outbox();
    // The entry is forgotten once all is sent: the device keeps the alert's key apart, so that its
    // reporter can follow it later (from its popup, after a reload).
    deviceOutbox.subscribe((change, entry) => {
      // Loaded then: the map's first visit does not carry it.
      if (change === 'sent' && entry?.stored) {
        const { alertId, alertKey } = entry.stored;
        void import('../../../lib/my-reports.ts').then((m) => m.rememberReport(alertId, alertKey));
      }
    });
  }
  return deviceOutbox;
}
