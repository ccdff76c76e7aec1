/**
 * The live feed of one API instance. It listens for committed alert events (NOTIFY from
 * any instance sharing the database, or in-process for the embedded engine), keeps the
 * recent ones in memory for replay, and hands each to the stream clients whose area holds it.
 */
import { distanceMetres } from '@wildalert/shared';
import { coalesced } from '../lib/coalesced.ts';
import type { Database } from '../db/database.ts';
import { EVENTS_CHANNEL, RESET_NOTIFICATION, type AlertEvent, type EventsRepository } from '../repositories/events-repository.ts';

/** Events kept for clients that reconnect with Last-Event-ID. */
export const REPLAY_CAPACITY = 10_000;
const FETCH_BATCH = 1000;
const PRUNE_AFTER_HOURS = 24;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface Area {
  latitude: number;
  longitude: number;
  radiusKm: number;
  animals?: readonly string[];
}

/** What a client is sent, in order. */
export type FeedMessage =
  | AlertEvent
  /** Nothing to replay: here is where the client stands now. */
  | { id: number; kind: 'ready' }
  /** The client missed more than can be replayed: it should reload its area. */
  | { id: number; kind: 'reset' };

export interface Subscription {
  unsubscribe(): void;
}

interface Subscriber {
  area: Area;
  /** The newest event id this client has; it is sent nothing older. */
  after: number;
  send(message: FeedMessage): void;
}

function isInArea(area: Area, event: AlertEvent): boolean {
  if (event.kind === 'removed') return true; // harmless for a client without that marker
  const { alert } = event;
  if (area.animals && area.animals.length > 0 && !area.animals.includes(alert.animal)) return false;
  // On the sphere PostGIS uses for geography without the spheroid: the same distance searches use.
  return distanceMetres(area, alert) <= area.radiusKm * 1000;
}

export class AlertFeed {
  /** Recent events, oldest first; every event with an id above `floor` is here. */
  private recent: AlertEvent[] = [];
  private floor = 0;
  private latestId = 0;
  private readonly subscribers = new Set<Subscriber>();
  private readonly commitListeners = new Set<(heard: number) => void>();
  private readonly caughtUpListeners = new Set<(heard: number) => void>();
  /** Commits heard of (NOTIFY), counted from the start. */
  private heard = 0;
  private readonly eventListeners = new Set<(event: AlertEvent) => void>();
  private readonly resetListeners = new Set<() => void>();
  /** Reads every event committed since the last one seen; overlapping calls share one read (and one more after it). */
  private readonly catchingUp = coalesced(async () => {
    const heard = this.heard;
    try {
      let batch: AlertEvent[];
      do {
        batch = await this.events.after(this.latestId, FETCH_BATCH);
        for (const event of batch) this.publish(event);
      } while (batch.length === FETCH_BATCH);
      for (const listener of this.caughtUpListeners) listener(heard);
    } catch (err) {
      // The database is away; the listener calls again once it is back.
      this.log.warn({ err }, 'reading new alert events failed');
    }
  });
  private unlisten: (() => Promise<void>) | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly events: EventsRepository,
    private readonly log: { warn(obj: object, msg: string): void },
    /** Events kept for replay. */
    private readonly capacity = REPLAY_CAPACITY,
  ) {}

  async start(): Promise<void> {
    // Listen first, so nothing committed between the load and the LISTEN is missed.
    this.unlisten = await this.db.listen(EVENTS_CHANNEL, (payload) => {
      const heard = ++this.heard;
      for (const listener of this.commitListeners) listener(heard);
      if (payload === RESET_NOTIFICATION) this.reset();
      void this.catchingUp.run();
    });
    const { events, latestId } = await this.events.latest(this.capacity);
    this.recent = events;
    this.latestId = latestId;
    // Older events were pruned or never loaded: those cannot be replayed.
    this.floor = events.length > 0 ? events[0]!.id - 1 : this.latestId;
    await this.catchingUp.run();
    this.pruneTimer = setInterval(
      () => void this.events.prune(PRUNE_AFTER_HOURS).catch((err) => this.log.warn({ err }, 'pruning alert events failed')),
      PRUNE_EVERY_MS,
    );
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.unlisten?.();
    await this.catchingUp.current;
    this.subscribers.clear();
  }

  /**
   * Registers a client for an area. Sends, synchronously and before any live event, what
   * it missed since `lastEventId` (or "ready" with the current id, or "reset" when that is
   * more than the replay history holds).
   */
  subscribe(area: Area, lastEventId: number | undefined, send: (message: FeedMessage) => void): Subscription {
    if (lastEventId === undefined || lastEventId >= this.latestId) {
      send({ id: Math.max(lastEventId ?? 0, this.latestId), kind: 'ready' });
    } else if (lastEventId < this.floor) {
      send({ id: this.latestId, kind: 'reset' });
    } else {
      for (const event of this.recent) {
        if (event.id > lastEventId && isInArea(area, event)) send(event);
      }
      send({ id: this.latestId, kind: 'ready' });
    }
    // A client may come from an instance a few events ahead of this one: never resend those.
    const subscriber = { area, send, after: Math.max(lastEventId ?? 0, this.latestId) };
    this.subscribers.add(subscriber);
    return { unsubscribe: () => this.subscribers.delete(subscriber) };
  }

  /**
   * Calls `listener` as soon as a change to alerts is committed by any instance (before its
   * event is read), and after a lost connection to the database, when changes may have been missed;
   * with the number of such commits heard of so far.
   */
  onCommit(listener: (heard: number) => void): void {
    this.commitListeners.add(listener);
  }

  /**
   * Calls `listener` after a read of the events found all there was: the event of every commit
   * heard of up to the `heard`th was read, even when the read found nothing new (this instance's
   * own write, its event read at once, and its NOTIFY heard later).
   */
  onCaughtUp(listener: (heard: number) => void): void {
    this.caughtUpListeners.add(listener);
  }

  /** Calls `listener` with every event read, in order, before any client is sent it; until unsubscribed. */
  onEvent(listener: (event: AlertEvent) => void): Subscription {
    this.eventListeners.add(listener);
    return { unsubscribe: () => this.eventListeners.delete(listener) };
  }

  /** Calls `listener` when alerts were changed around the API (RESET_NOTIFICATION): what it keeps may be stale. */
  onReset(listener: () => void): void {
    this.resetListeners.add(listener);
  }

  /** Reads what was committed up to now, so that a client subscribing next starts exactly here. */
  sync(): Promise<void> {
    return this.catchingUp.run();
  }

  get clients(): number {
    return this.subscribers.size;
  }

  /**
   * Alerts changed without events: nothing kept can be replayed, caches forget (before any
   * client hears of it), and every open stream is told to load its area again.
   */
  private reset(): void {
    this.recent = [];
    this.floor = this.latestId;
    for (const listener of this.resetListeners) listener();
    for (const s of this.subscribers) s.send({ id: this.latestId, kind: 'reset' });
  }

  private publish(event: AlertEvent): void {
    this.latestId = event.id;
    if (event.kind === 'removed') {
      // A hidden alert's content is never replayed: its earlier "added" becomes a removal too.
      this.recent = this.recent.map((e) =>
        e.kind !== 'removed' && e.alert.id === event.alertId ? { id: e.id, kind: 'removed', alertId: event.alertId, at: event.at } : e,
      );
    }
    for (const listener of this.eventListeners) listener(event);
    this.recent.push(event);
    if (this.recent.length > this.capacity) {
      const dropped = this.recent.splice(0, this.recent.length - this.capacity);
      this.floor = dropped.at(-1)!.id;
    }
    for (const s of this.subscribers) {
      if (event.id <= s.after) continue;
      s.after = event.id;
      if (isInArea(s.area, event)) s.send(event);
    }
  }
}
