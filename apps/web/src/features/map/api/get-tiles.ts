/**
 * GET /Alerts/tiles/{z}/{x}/{y}: the map's alerts, one query per tile, so that tiles are shared
 * between views (a pan asks only for the tiles it reveals) and cached as the server allows.
 */
import { useCallback, useMemo, useState } from 'react';
import { skipToken, useQueries, useQueryClient, type QueryClient, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { TileId, TileResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { filterLevel, sinceOf, type MapFilters } from '../../../lib/map-url.ts';
import { inBackground } from '../../../lib/later.ts';

export interface LoadedTile {
  tile: TileId;
  data: TileResponse;
}

/** Every tile query starts with this; invalidating it makes open maps ask their tiles again. */
const TILES_KEY = ['alert-tiles'] as const;

/** The window, not its start: the key stays the same while time passes. */
const tileKey = (tile: TileId, filters: MapFilters) =>
  [...TILES_KEY, filters.window, filters.animals.join(','), tile.z, tile.x, tile.y, filters.confirmed ? 'confirmed' : ''] as const;

type TileOptions = UseQueryOptions<TileResponse, Error, TileResponse, ReturnType<typeof tileKey>>;

function tileQuery(tile: TileId, filters: MapFilters, now: number): string {
  const query = new URLSearchParams();
  const since = sinceOf(filters.window, now);
  if (since) query.set('since', since);
  for (const animal of filters.animals) query.append('animal', animal);
  filterLevel(query, filters);
  const text = query.toString();
  return `/Alerts/tiles/${tile.z}/${tile.x}/${tile.y}${text ? `?${text}` : ''}`;
}

/**
 * Once the page has been without a connection (or opened without one), the browser's copies of
 * tiles may predate what happened meanwhile: tiles are revalidated from then on (a 304 when
 * unchanged) instead of taken from the browser's cache for their few seconds of freshness.
 */
let revalidate = !navigator.onLine;
window.addEventListener('offline', () => {
  revalidate = true;
});

export interface AlertTiles {
  /** The tiles with an answer, the previous view's while none of this view's has arrived. */
  loaded: readonly LoadedTile[];
  /** No answer yet for any tile of the view (or the map has not told its tiles yet). */
  firstLoad: boolean;
  refreshing: boolean;
  failed: boolean;
  /** Without a connection, no tile answered. */
  offline: boolean;
  /** Every tile of the view has its answer (or failed): what `loaded` shows is this view's. Never before the map has told its tiles. */
  settled: boolean;
  retry(): void;
}

interface View {
  tiles: readonly TileId[];
  filters: MapFilters;
}

const answered = (results: ReadonlyArray<UseQueryResult<TileResponse>>, tiles: readonly TileId[]): LoadedTile[] =>
  results.flatMap((r, i) => (r.data ? [{ tile: tiles[i]!, data: r.data }] : []));

export function useAlertTiles(tiles: readonly TileId[], filters: MapFilters): AlertTiles {
  const queryClient = useQueryClient();
  const view = useMemo<View>(() => ({ tiles, filters }), [tiles, filters]);
  // The last view whose tiles all answered stays drawn while the next one loads (another zoom,
  // another time window): no blink, and never two zooms' counts at once. Its answers are read
  // from the query cache (watched here, never asked again), only its tiles are remembered.
  const [shown, setShown] = useState<View>();
  const before = shown !== view ? shown : undefined;
  // Stable, so that TanStack Query combines the results again only when they change.
  const combine = useCallback(
    (all: Array<UseQueryResult<TileResponse>>) => {
      const results = all.slice(0, tiles.length);
      const settled = tiles.length > 0 && results.every((r) => r.isSuccess || r.isError);
      const loaded = answered(results, tiles);
      return {
        loaded: settled || !before ? loaded : answered(all.slice(tiles.length), before.tiles),
        firstLoad: loaded.length === 0 && (tiles.length === 0 || results.some((r) => r.isPending)),
        refreshing: results.some((r) => r.isFetching),
        failed: results.some((r) => r.isError),
        offline: loaded.length === 0 && results.some((r) => r.fetchStatus === 'paused' || (r.isError && r.error instanceof Error && isNetwork(r.error))),
        settled,
        retry: () => results.forEach((r) => r.isError && void r.refetch()),
      };
    },
    [tiles, before],
  );
  const answers = useQueries({
    queries: [
      ...tiles.map((tile): TileOptions => {
        const queryKey = tileKey(tile, filters);
        return {
          queryKey,
          queryFn: ({ signal }: { signal: AbortSignal }) =>
            // Each tile's request sent in a task of its own (a few ms each on a phone): a view's
            // six are not one long task that a tap would wait for.
            inBackground(() =>
              api<TileResponse>(tileQuery(tile, filters, Date.now()), {
                signal,
                // Asked again (a change heard on the live stream), or after the connection was lost:
                // the browser's copy may be the old one for a few seconds more, so it revalidates.
                cache: revalidate || queryClient.getQueryData(queryKey) !== undefined ? 'no-cache' : 'default',
              }),
            ),
        };
      }),
      ...(before?.tiles ?? []).map((tile): TileOptions => ({ queryKey: tileKey(tile, before!.filters), queryFn: skipToken })),
    ],
    combine,
  });
  // Set while rendering (React draws again at once, before painting): this view is the one shown now.
  if (answers.settled && shown !== view) setShown(view);
  return answers;
}

const isNetwork = (error: Error) => 'kind' in error && error.kind === 'network';

/** Open maps ask their tiles again: a change they cannot place themselves (a hidden alert, a reset). */
export function refreshTiles(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: TILES_KEY });
}
