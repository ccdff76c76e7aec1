/**
 * The map's tile searches (api/get-tiles.ts), their answers handed to the screen in a
 * transition. TanStack Query draws what subscribes to a search at once when it answers
 * (useSyncExternalStore): here that is this empty component alone, and the screen follows in a
 * render React can slice, instead of one long task as the first tiles answer.
 */
import { startTransition, useEffect, type Dispatch, type SetStateAction } from 'react';
import type { TileId } from '@wildalert/shared';
import type { MapFilters } from '../../../../lib/map-url.ts';
import { useAlertTiles, type AlertTiles } from '../../api/get-tiles.ts';

/** Before the map has told its tiles: a first load. */
export const NO_ANSWERS: AlertTiles = {
  loaded: [],
  firstLoad: true,
  refreshing: false,
  failed: false,
  offline: false,
  settled: false,
  retry: () => undefined,
};

const same = (a: AlertTiles, b: AlertTiles) => (Object.keys(a) as Array<keyof AlertTiles>).every((key) => a[key] === b[key]);

interface TileSearchesProps {
  tiles: readonly TileId[];
  filters: MapFilters;
  onChange: Dispatch<SetStateAction<AlertTiles>>;
}

export function TileSearches({ tiles, filters, onChange }: TileSearchesProps) {
  const answers = useAlertTiles(tiles, filters);
  useEffect(() => {
    startTransition(() => onChange((now) => (same(now, answers) ? now : answers)));
  }, [answers, onChange]);
  return null;
}
