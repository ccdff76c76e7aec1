/**
 * The map's tiles: alerts (clustered) and hotspots, each answered from its cache (caches/),
 * which the live feed keeps current; a miss is read from the database once however many ask.
 */
import type { HotspotQuery, TileQuery } from '@wildalert/shared';
import type { HotspotCache } from '../caches/hotspot-cache.ts';
import type { TileCache } from '../caches/tile-cache.ts';
import type { TileAnswer } from '../http/tile-answer.ts';
import type { Tile, TilesRepository } from '../repositories/tiles-repository.ts';

export function mapTilesService({ tiles, tileCache, hotspotCache }: { tiles: TilesRepository; tileCache: TileCache; hotspotCache: HotspotCache }) {
  return {
    alerts: (tile: Tile, query: TileQuery): Promise<TileAnswer> => tileCache.get(tile, query, () => tiles.tile(tile, query)),
    hotspots: (tile: Tile, query: HotspotQuery): Promise<TileAnswer> => hotspotCache.get(tile, query),
    /** How long a hotspot answer is kept: a year's counts barely move with one alert. */
    hotspotsKeepMs: hotspotCache.keepMs,
  };
}

export type MapTilesService = ReturnType<typeof mapTilesService>;
