/**
 * Tile answers kept in memory, each with its strong ETag. A tile changes only when an alert
 * inside it is added, hidden or restored, so an answer is kept until such a change touches its
 * tile (at any zoom), not forgotten on every change as whole searches are (search-cache.ts):
 * zoomed out over a country, a tile costs the database a scan of every alert in it.
 *
 * Changes are heard from the live feed's events (from every instance) and, for this process's
 * own new alerts, from the route before it answers. An answer begun before a change to its
 * tile, or while a commit's event is still unread, is not kept. TTL_MS bounds what a change
 * made around the API (SQL typed by hand) leaves stale. Identical requests in flight share one query.
 */
import { LRUCache } from 'lru-cache';
import { gridOf, MAX_ZOOM, TILE_MIN_ZOOM, type LatLon, type TileQuery } from '@wildalert/shared';
import { tileAnswer, type TileAnswer } from '../http/tile-answer.ts';
import type { Tile } from '../repositories/tiles-repository.ts';

const TTL_MS = 5 * 60_000;
/** A commit's event is read within milliseconds; after this long without a read (the database away), answers are kept again. */
const UNREAD_MS = 1000;
/** Longer than any tile query runs (the statement timeout is far shorter). */
const CHANGES_KEPT_MS = 60_000;

export class TileCache {
  /** The keys kept per tile (`z/x/y`), to forget a tile's answers for every filter at once. */
  private readonly byTile = new Map<string, Set<string>>();
  private readonly answers = new LRUCache<string, TileAnswer>({
    max: 50_000,
    maxSize: 256 * 1024 * 1024,
    // Its compressed copies are a fraction of it.
    sizeCalculation: (answer) => 2 * answer.body.length + 64,
    ttl: TTL_MS,
    dispose: (_answer, key) => this.forgetKey(key),
  });
  private readonly pending = new Map<string, Promise<TileAnswer>>();
  /**
   * The number and time of the latest change to each tile (`z/x/y`), oldest first, kept longer
   * than any query runs (CHANGES_KEPT_MS): an answer begun before a change to its tile is not kept.
   * A Map rather than an LRU cache: lru-cache allocates its whole capacity up front.
   */
  private readonly lastChange = new Map<string, { change: number; at: number }>();
  private changeCount = 0;
  /** Counts forgetAll(): an answer begun before the latest one is not kept. */
  private generation = 0;
  /** When a commit was last heard of (ms); how many were heard of, and through which one every event was read. */
  private heardAt = 0;
  private heard = 0;
  private readThrough = 0;

  /** A tile's answer in `format` (JSON, or a Mapbox Vector Tile): kept and forgotten with the tile's other answers. */
  get(tile: Tile, query: TileQuery, load: () => Promise<string | Uint8Array>, format: TileFormat = 'json'): Promise<TileAnswer> {
    const key = cacheKey(tile, query, format);
    const kept = this.answers.get(key);
    if (kept) return Promise.resolve(kept);
    const running = this.pending.get(key);
    if (running) return running;
    const before = this.changeCount;
    const generation = this.generation;
    const started = Date.now();
    const answer = load()
      .then((body) => {
        const result = tileAnswer(body);
        if (generation === this.generation && (this.lastChange.get(tileKey(tile))?.change ?? 0) <= before) {
          // A commit heard of during the read whose event is not read yet may be in this tile.
          if (this.heardAt >= started && this.readThrough < this.heard && Date.now() - this.heardAt < UNREAD_MS) return result;
          this.answers.set(key, result);
          const keys = this.byTile.get(tileKey(tile)) ?? new Set<string>();
          this.byTile.set(tileKey(tile), keys.add(key));
        }
        return result;
      })
      .finally(() => {
        if (this.pending.get(key) === answer) this.pending.delete(key);
      });
    this.pending.set(key, answer);
    return answer;
  }

  /** The `heard`th change was committed somewhere: answers being read now may miss it, until its event is read. */
  committed(heard: number): void {
    this.heardAt = Date.now();
    this.heard = heard;
  }

  /** The live feed read the events of every change committed up to the `heard`th. */
  caughtUp(heard: number): void {
    this.readThrough = Math.max(this.readThrough, heard);
  }

  /** The live feed read the event of a change at `point`. */
  eventRead(point: LatLon): void {
    this.changedAt(point);
  }

  /** An alert at `point` (its public location) changed: every tile holding it, at every zoom, is read again. */
  private changedAt(point: LatLon): void {
    const change = ++this.changeCount;
    const now = Date.now();
    for (const [prefix, { at }] of this.lastChange) {
      if (now - at < CHANGES_KEPT_MS) break;
      this.lastChange.delete(prefix);
    }
    for (let z = TILE_MIN_ZOOM; z <= MAX_ZOOM; z++) {
      const { x, y } = gridOf(point.latitude, point.longitude, z);
      const prefix = `${z}/${x}/${y}`;
      // Deleted first, so that the Map's order stays the order of the changes.
      this.lastChange.delete(prefix);
      this.lastChange.set(prefix, { change, at: now });
      for (const key of [...(this.byTile.get(prefix) ?? [])]) this.answers.delete(key);
      for (const key of [...this.pending.keys()]) if (key.startsWith(`${prefix}|`)) this.pending.delete(key);
    }
  }

  /** Any tile may have changed (alerts changed around the API): every answer is read again. */
  forgetAll(): void {
    this.generation++;
    this.answers.clear();
    this.pending.clear();
  }

  private forgetKey(key: string): void {
    const tile = key.slice(0, key.indexOf('|'));
    const keys = this.byTile.get(tile);
    keys?.delete(key);
    if (keys?.size === 0) this.byTile.delete(tile);
  }
}

const tileKey = ({ z, x, y }: Tile) => `${z}/${x}/${y}`;

/** Animals as a cache key's part: the same set in any order, or none (every animal), gives one key. */
export const animalsKey = (animals: readonly string[] | undefined) => (animals ? [...new Set(animals)].sort().join(',') : '');

/** How a tile's answer is written. */
export type TileFormat = 'json' | 'mvt';

/** Filters that mean the same (animals in any order) share a key. */
function cacheKey(tile: Tile, q: TileQuery, format: TileFormat): string {
  return `${tileKey(tile)}|${animalsKey(q.animal)}|${q.since ? new Date(q.since).toISOString() : ''}|${q.verification ?? ''}|${format}`;
}

