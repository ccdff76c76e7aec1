/**
 * GET /Alerts/hotspots/{z}/{x}/{y}: where and when animals usually show up, one query per map
 * tile, so that a pan asks only for the tiles it reveals. The server keeps each answer for
 * minutes, and so may the browser.
 */
import { useCallback, useRef } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { HotspotResponse, TileId } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { hoursText, type HotspotFilters } from '../../../lib/map-url.ts';

interface LoadedHotspots {
  tile: TileId;
  data: HotspotResponse;
}

export interface HotspotTiles {
  /** The tiles with an answer; the previous filters' or view's while the new ones load. */
  loaded: readonly LoadedHotspots[];
  loading: boolean;
  failed: boolean;
  retry(): void;
}

function hotspotsPath(tile: TileId, animals: readonly string[], filters: HotspotFilters): string {
  const query = new URLSearchParams();
  for (const animal of animals) query.append('animal', animal);
  if (filters.season) query.set('season', filters.season);
  if (filters.hours) query.set('hours', hoursText(filters.hours));
  const text = query.toString();
  return `/Alerts/hotspots/${tile.z}/${tile.x}/${tile.y}${text ? `?${text}` : ''}`;
}

export function useHotspotTiles(tiles: readonly TileId[], animals: readonly string[], filters: HotspotFilters): HotspotTiles {
  const combine = useCallback(
    (results: Array<UseQueryResult<HotspotResponse>>) => {
      const loaded: LoadedHotspots[] = [];
      results.forEach((r, i) => {
        if (r.data) loaded.push({ tile: tiles[i]!, data: r.data });
      });
      return {
        loaded,
        settled: results.every((r) => r.isSuccess || r.isError),
        loading: results.some((r) => r.isFetching),
        failed: results.some((r) => r.isError),
        retry: () => results.forEach((r) => r.isError && void r.refetch()),
      };
    },
    [tiles],
  );
  const current = useQueries({
    queries: tiles.map((tile) => ({
      queryKey: ['hotspots', animals.join(','), filters.season ?? '', filters.hours ? hoursText(filters.hours) : '', tile.z, tile.x, tile.y],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<HotspotResponse>(hotspotsPath(tile, animals, filters), { signal }),
      // A year's counts: what the server keeps for ten minutes is not asked again sooner.
      staleTime: 10 * 60_000,
    })),
    combine,
  });
  // The last complete answer stays drawn while the next filters or view load: no blink, and
  // never two filters' counts at once.
  const last = useRef<readonly LoadedHotspots[]>([]);
  if (current.settled) last.current = current.loaded;
  return { loaded: current.settled ? current.loaded : last.current, loading: current.loading, failed: current.failed, retry: current.retry };
}
