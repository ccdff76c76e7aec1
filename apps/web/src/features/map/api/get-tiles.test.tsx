import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gridOf, type TileId, type TileResponse } from '@wildalert/shared';
import type { MapFilters } from '../../../lib/map-url.ts';
import { useAlertTiles } from './get-tiles.ts';

// Without a connection, a tile with no answer in the cache waits (paused): a view that loads.
beforeEach(() => onlineManager.setOnline(false));
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

const filters: MapFilters = { window: '7d', animals: [] };
const at = (z: number): TileId => ({ z, ...gridOf(50.06, 19.94, z) });
const answer = (count: number): TileResponse => ({
  alerts: [],
  clusters: [{ latitude: 50.06, longitude: 19.94, count, animals: { boar: count }, spot: false }],
  newest: null,
});
/** As the query cache holds a tile's answer (get-tiles.ts: tileKey). */
const keyOf = (t: TileId) => ['alert-tiles', filters.window, '', t.z, t.x, t.y, ''];

it("draws the last whole view, read from the query cache, until every tile of the next has answered; never two zooms' at once", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const [z12, z14] = [at(12), at(14)];
  client.setQueryData(keyOf(z12), answer(7));
  const { result, rerender } = renderHook(({ tiles }) => useAlertTiles(tiles, filters), { wrapper, initialProps: { tiles: [z12] } });
  expect(result.current.settled).toBe(true);
  expect(result.current.loaded.map((l) => [l.tile.z, l.data.clusters[0]!.count])).toEqual([[12, 7]]);

  // Zoomed in: the next view's tiles have no answer yet.
  rerender({ tiles: [z14] });
  expect(result.current.settled).toBe(false);
  expect(result.current.loaded.map((l) => l.tile.z)).toEqual([12]);
  // The earlier view's answer changes in the cache (a refresh): what is drawn is the cache's, not a copy.
  act(() => void client.setQueryData(keyOf(z12), answer(8)));
  await waitFor(() => expect(result.current.loaded.map((l) => l.data.clusters[0]!.count)).toEqual([8]));
  expect(result.current.settled).toBe(false);

  act(() => void client.setQueryData(keyOf(z14), answer(3)));
  await waitFor(() => expect(result.current.settled).toBe(true));
  expect(result.current.loaded.map((l) => [l.tile.z, l.data.clusters[0]!.count])).toEqual([[14, 3]]);
});
