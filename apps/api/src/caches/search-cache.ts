/**
 * Search answers kept for a moment. A map that many people look at asks the same question
 * over and over, and the answer changes only when an alert is added, hidden or restored; at
 * 1,000,000 alerts one answer costs the database ~10 ms, handing out a kept one ~0.1 ms.
 *
 * An answer is kept at most TTL_MS, and forgotten at once on every such change: one made by
 * this process (its routes call `invalidate()` after the commit, before answering) or by
 * another instance (the live feed's NOTIFY). Identical searches in flight at once share one
 * query, and a search started before a change never joins or fills the cache after it. A
 * change that bypasses the API and its events (SQL typed by hand) shows within TTL_MS.
 */
import { AnswerCache } from './answer-cache.ts';
import type { AlertsQuery } from '@wildalert/shared';

const TTL_MS = 1000;

export class SearchCache extends AnswerCache<string> {
  constructor() {
    super({ max: 1000, maxSize: 64 * 1024 * 1024, sizeCalculation: (body) => body.length, ttl: TTL_MS });
  }

  /** The kept answer to `query`, or the one being fetched, or a new one from `search`. */
  get(query: AlertsQuery, search: () => Promise<string>): Promise<string> {
    return this.answer(cacheKey(query), search);
  }
}

/** Queries that mean the same (animals in any order) share a key. */
function cacheKey(q: AlertsQuery): string {
  return JSON.stringify([q.latitude, q.longitude, q.radius, q.animal ? [...q.animal].sort() : null, q.since ?? null, q.limit, q.verification ?? null]);
}
