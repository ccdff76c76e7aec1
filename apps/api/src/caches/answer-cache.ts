/**
 * What the search and dashboard caches share: answers kept by key until a change, identical
 * requests in flight sharing one query, and a query begun before a change never filling the
 * cache after it (a generation counts the changes).
 */
import { LRUCache } from 'lru-cache';

export class AnswerCache<V extends object | string> {
  private readonly answers: LRUCache<string, V>;
  private readonly pending = new Map<string, Promise<V>>();
  /** Counts changes: an answer begun before the latest one is not kept. */
  private generation = 0;

  constructor(options: LRUCache.Options<string, V, unknown>) {
    this.answers = new LRUCache(options);
  }

  /** The kept answer for `key`, or the one being worked out, or a new one from `work`. */
  protected answer<T extends V>(key: string, work: () => Promise<T>): Promise<T> {
    const kept = this.answers.get(key);
    if (kept !== undefined) return Promise.resolve(kept as T);
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const generation = this.generation;
    const answer = work()
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

  /** Forgets every answer; work already running finishes for its own requests only. */
  invalidate(): void {
    this.generation++;
    this.answers.clear();
    this.pending.clear();
  }
}
