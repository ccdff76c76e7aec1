/**
 * How a committed change to an alert reaches everything that shows it. A write records its
 * `alert_events` row in its own transaction (repositories/events-repository.ts), which NOTIFYs
 * every instance. `published()`, called by the service after the commit, reads those events on
 * this instance at once: before it resolves, the caches (caches/), the open live streams and push
 * matching have heard of them, so the writer's next read sees its change. Other instances hear
 * the NOTIFY within milliseconds and do the same.
 */
import type { AlertFeed } from '../live/alert-feed.ts';

export interface AlertChanges {
  /** After a commit that recorded alert events: resolves once this instance's subscribers have them. */
  published(): Promise<void>;
}

export function alertChanges(feed: AlertFeed): AlertChanges {
  return { published: () => feed.sync() };
}
