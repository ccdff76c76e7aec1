/**
 * What an open map watches: the committed changes to alerts in its area, from any instance,
 * with replay after a reconnect (live/alert-feed.ts). The stream route asks for nothing else.
 */
import { REPLAY_CAPACITY, type AlertFeed, type Area, type FeedMessage, type Subscription } from '../live/alert-feed.ts';

export type { Area, FeedMessage, Subscription };

export function liveService(feed: AlertFeed) {
  return {
    /** Events kept for a client that reconnects with Last-Event-ID. */
    replayCapacity: REPLAY_CAPACITY,
    /** Resolves once every change committed before the call has been read: later ones are news. */
    caughtUp: () => feed.sync(),
    /** Replays what the client missed (synchronously, through `send`), then sends each new change in the area. */
    watch: (area: Area, lastEventId: number | undefined, send: (message: FeedMessage) => void): Subscription =>
      feed.subscribe(area, lastEventId, send),
  };
}

export type LiveService = ReturnType<typeof liveService>;
