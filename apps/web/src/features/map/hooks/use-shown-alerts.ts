/** The alerts the map and the list show. */
import { useMemo } from 'react';
import type { Alert } from '@wildalert/shared';
import { showsAnimal, showsLevel, type MapFilters } from '../../../lib/map-url.ts';
import type { LiveAlerts } from '../api/alert-stream.ts';

/**
 * The search's alerts, with those that arrived since (live, or `created` here) and a
 * permalink's (`focused`, even when older than the window or of another animal), less those
 * hidden since, each as the live stream last told of it (photos, votes).
 */
export function useShownAlerts(
  fetched: readonly Alert[] | undefined,
  live: LiveAlerts,
  filters: MapFilters,
  created: Alert | undefined,
  focused: Alert | undefined,
): readonly Alert[] {
  return useMemo(() => {
    const extra = live.added.filter((a) => showsAnimal(filters, a.animal) && showsLevel(filters, a));
    if (created) extra.push(created);
    if (focused) extra.push(focused);
    const all = merged(fetched ?? [], extra, live.removed);
    return live.changed.size === 0 ? all : all.map((a) => live.changed.get(a.id) ?? a);
  }, [fetched, created, focused, filters, live.added, live.removed, live.changed]);
}

/** `fetched` with the `extra` not in it yet, newest first as the API sorts, less the `removed`. */
function merged(fetched: readonly Alert[], extra: readonly Alert[], removed: ReadonlySet<string>): readonly Alert[] {
  const known = new Set(fetched.map((a) => a.id));
  const newer = extra.filter((a) => !known.has(a.id) && known.add(a.id));
  if (newer.length === 0 && removed.size === 0) return fetched;
  return [...newer, ...fetched].filter((a) => !removed.has(a.id));
}
