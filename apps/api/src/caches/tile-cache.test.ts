import { describe, expect, it } from 'vitest';
import { TileCache } from './tile-cache.ts';

const tile = { z: 14, x: 9099, y: 5552 };

/** A tile query answered by hand, counting how often the database was asked. */
function database() {
  const answers: Array<() => void> = [];
  let asked = 0;
  return {
    asked: () => asked,
    load: () => {
      asked++;
      return new Promise<string>((resolve) => answers.push(() => resolve('{"alerts":[]}')));
    },
    answer: () => answers.shift()!(),
  };
}

describe('TileCache', () => {
  it('does not keep an answer read while a commit it heard of is still unread', async () => {
    const db = database();
    const cache = new TileCache();
    const reading = cache.get(tile, {}, db.load);
    cache.committed(1);
    db.answer();
    await reading;
    void cache.get(tile, {}, db.load);
    expect(db.asked()).toBe(2);
  });

  it("keeps it once the feed caught up past that commit, though the read found nothing new (this instance's own write, its NOTIFY heard after its event)", async () => {
    const db = database();
    const cache = new TileCache();
    const reading = cache.get(tile, {}, db.load);
    cache.committed(1);
    cache.caughtUp(1);
    db.answer();
    await reading;
    await cache.get(tile, {}, db.load);
    expect(db.asked()).toBe(1);
  });

  it('forgets the answers of a tile whose alert changed, at every zoom', async () => {
    const db = database();
    const cache = new TileCache();
    const reading = cache.get(tile, {}, db.load);
    db.answer();
    await reading;
    cache.eventRead({ latitude: 50.0614, longitude: 19.9366 });
    void cache.get(tile, {}, db.load);
    expect(db.asked()).toBe(2);
  });
});
