/**
 * The map's tiles: alerts (clustered) and hotspots, each answered from its cache (caches/),
 * which the live feed keeps current; a miss is read from the database once however many ask.
 */
import type { HotspotQuery, TileQuery } from '@wildalert/shared';
import type { HotspotCache } from '../caches/hotspot-cache.ts';
import type { TileCache } from '../caches/tile-cache.ts';
import type { TileAnswer } from '../http/tile-answer.ts';
import { tileMvt } from '../http/tile-mvt.ts';
import type { Tile, TilesRepository } from '../repositories/tiles-repository.ts';

export function mapTilesService({ tiles, tileCache, hotspotCache }: { tiles: TilesRepository; tileCache: TileCache; hotspotCache: HotspotCache }) {
  const alerts = (tile: Tile, query: TileQuery): Promise<TileAnswer> => tileCache.get(tile, query, () => tiles.tile(tile, query));
  return {
    alerts,
    /** The same answer as a Mapbox Vector Tile, written from the JSON one (kept or read), and kept beside it. */
    alertsMvt: (tile: Tile, query: TileQuery): Promise<TileAnswer> =>
      tileCache.get(tile, query, async () => tileMvt(tile, (await alerts(tile, query)).body as string), 'mvt'),
    hotspots: (tile: Tile, query: HotspotQuery): Promise<TileAnswer> => hotspotCache.get(tile, query),
    /** How long a hotspot answer is kept: a year's counts barely move with one alert. */
    hotspotsKeepMs: hotspotCache.keepMs,
  };
}

export type MapTilesService = ReturnType<typeof mapTilesService>;
