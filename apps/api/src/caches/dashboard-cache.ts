/**
 * The dashboard's answers, kept until alerts change. A dashboard is looked at by a few people
 * again and again (each filter, each view, a printed report), and each answer counts a year of
 * alerts; every committed change forgets them all (the live feed hears of it from any instance),
 * so a count is never older than the last change. Identical requests in flight share one query,
 * and one begun before a change never fills the cache after it.
 */
import { AnswerCache } from './answer-cache.ts';

/** At most, for a change made around the API and its events (SQL typed by hand). */
const TTL_MS = 10 * 60_000;

export class DashboardCache extends AnswerCache<object> {
  constructor() {
    super({ max: 2000, ttl: TTL_MS });
  }

  /** The kept answer for `key`, or the one being counted, or a new one from `count`. */
  get<T extends object>(key: string, count: () => Promise<T>): Promise<T> {
    return this.answer(key, count);
  }
}
