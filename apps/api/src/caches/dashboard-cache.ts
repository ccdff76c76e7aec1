/**
 * The dashboard's answers, kept until alerts change. A dashboard is looked at by a few people
 * again and again (each filter, each view, a printed report), and each answer counts a year of
 * alerts; every committed change forgets them all (the live feed hears of it from any instance),
 * so a count is never older than the last change. Identical requests in flight share one query,
 * and one begun before a change never fills the cache after it.
 */
import { LRUCache } from 'lru-cache';

/** At most, for a change made around the API and its events (SQL typed by hand). */
const TTL_MS = 10 * 60_000;

export class DashboardCache {
  private readonly answers = new LRUCache<string, object>({ max: 2000, ttl: TTL_MS });
  private readonly pending = new Map<string, Promise<object>>();
  /** Counts changes: an answer begun before the latest one is not kept. */
  private generation = 0;

  /** The kept answer for `key`, or the one being counted, or a new one from `count`. */
  get<T extends object>(key: string, count: () => Promise<T>): Promise<T> {
    const kept = this.answers.get(key);
    if (kept !== undefined) return Promise.resolve(kept as T);
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const generation = this.generation;
    const answer = count()
      .then((value) => {
        if (generation === this.generation) this.answers.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === answer) this.pending.delete(key);
      });
    this.pending.set(key, answer);
    return answer;
  }

  /** Forgets every answer; counts already running finish for their own requests only. */
  invalidate(): void {
    this.generation++;
    this.answers.clear();
    this.pending.clear();
  }
}
