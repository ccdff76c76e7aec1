/**
 * Hotspot tiles' answers (GET /Alerts/hotspots/{z}/{x}/{y}), kept for minutes: a year's counts
 * barely move with one new alert, so they are not forgotten on every change as searches and map
 * tiles are, only when alerts were changed around the API (the feed's `reset`). Identical
 * requests in flight share one query.
 */
import { LRUCache } from 'lru-cache';
import { HOTSPOT_MONTHS, hoursOf, type HotspotQuery } from '@wildalert/shared';
import type { HotspotFilter } from '../repositories/hotspots-repository.ts';
import type { Tile } from '../repositories/tiles-repository.ts';
import { tileAnswer, type TileAnswer } from '../http/tile-answer.ts';
import { animalsKey } from './tile-cache.ts';

/** How long an answer is kept, here and (Cache-Control) in any HTTP cache. */
const HOTSPOTS_KEEP_MS = 10 * 60_000;

/** The period's start: 12 months back, to the hour, so that answers within the hour agree. */
function periodStart(now = new Date()): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - HOTSPOT_MONTHS);
  start.setUTCMinutes(0, 0, 0);
  return start;
}

/** Filters that mean the same (animals in any order, the whole day however written) share a key. */
function cacheKey({ z, x, y }: Tile, q: HotspotQuery): string {
  const { from, to } = hoursOf(q.hours);
  return `${z}/${x}/${y}|${animalsKey(q.animal)}|${q.season ?? ''}|${from}-${to}`;
}

export class HotspotCache {
  /** How long an answer is kept, for the route's Cache-Control. */
  readonly keepMs = HOTSPOTS_KEEP_MS;
  private readonly answers: LRUCache<string, TileAnswer, { tile: Tile; query: HotspotQuery }>;

  /** `load`: one tile's hotspots since a time, as JSON text (the repository, in the city's time zone). */
  constructor(load: (tile: Tile, filter: Omit<HotspotFilter, 'timeZone'>) => Promise<string>) {
    this.answers = new LRUCache({
      max: 20_000,
      ttl: HOTSPOTS_KEEP_MS,
      fetchMethod: async (_key, _stale, { context }) => tileAnswer(await load(context.tile, { ...context.query, since: periodStart() })),
    });
  }

  async get(tile: Tile, query: HotspotQuery): Promise<TileAnswer> {
    return (await this.answers.fetch(cacheKey(tile, query), { context: { tile, query } }))!;
  }

  forgetAll(): void {
    this.answers.clear();
  }
}
