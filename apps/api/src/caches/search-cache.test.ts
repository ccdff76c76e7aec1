import { describe, expect, it } from 'vitest';
import type { AlertsQuery } from '@wildalert/shared';
import { SearchCache } from './search-cache.ts';

const query: AlertsQuery = { latitude: 50.05, longitude: 19.94, radius: 15, limit: 1000 };

/** A search whose answer is given by hand, counting how often the database was asked. */
function database() {
  let version = 0;
  const calls: Array<(body: string) => void> = [];
  return {
    calls,
    asked: () => calls.length,
    set: (v: number) => (version = v),
    search: () => new Promise<string>((resolve) => calls.push(() => resolve(`v${version}`))),
    answerAll: () => calls.forEach((answer) => answer('')),
  };
}

describe('SearchCache', () => {
  it('asks the database once for identical searches, in flight or just answered', async () => {
    const db = database();
    const cache = new SearchCache();
    const first = cache.get(query, db.search);
    const second = cache.get({ ...query }, db.search);
    db.answerAll();
    expect(await first).toBe('v0');
    expect(await second).toBe('v0');
    expect(await cache.get(query, db.search)).toBe('v0');
    expect(db.asked()).toBe(1);
  });

  it('asks again for a different area, animal set or limit, not for the same animals in another order', async () => {
    const db = database();
    const cache = new SearchCache();
    const searches = [
      cache.get({ ...query, animal: ['fox', 'boar'] }, db.search),
      cache.get({ ...query, animal: ['boar', 'fox'] }, db.search),
      cache.get({ ...query, radius: 10 }, db.search),
      cache.get({ ...query, limit: 10 }, db.search),
    ];
    db.answerAll();
    await Promise.all(searches);
    expect(db.asked()).toBe(3);
  });

  it('after a change, answers from the database, never from a search begun before it', async () => {
    const db = database();
    const cache = new SearchCache();
    const before = cache.get(query, db.search);
    db.set(1);
    cache.invalidate();
    const after = cache.get(query, db.search);
    db.answerAll();
    expect(await before).toBe('v1'); // its own request gets whatever the database said
    expect(await after).toBe('v1');
    expect(db.asked()).toBe(2);
    // The search begun before the change did not fill the cache; the one after did.
    expect(await cache.get(query, db.search)).toBe('v1');
    expect(db.asked()).toBe(2);
  });

  it('keeps no failed answer', async () => {
    const cache = new SearchCache();
    await expect(cache.get(query, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(query, async () => 'up')).toBe('up');
  });
});
