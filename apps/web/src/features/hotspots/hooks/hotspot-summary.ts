/** What the hotspot layer (in the map) shows, for the panel beside it: the alerts counted, and whether they load. */
import { useSyncExternalStore } from 'react';

export interface HotspotSummary {
  /** Alerts counted in the tiles in view; null before the first answer. */
  total: number | null;
  loading: boolean;
  failed: boolean;
  retry(): void;
}

const EMPTY: HotspotSummary = { total: null, loading: false, failed: false, retry: () => undefined };
let summary = EMPTY;
const listeners = new Set<() => void>();

export const hotspotSummary = {
  set(next: HotspotSummary) {
    summary = next;
    for (const listener of listeners) listener();
  },
  clear() {
    hotspotSummary.set(EMPTY);
  },
};

export function useHotspotSummary(): HotspotSummary {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => summary,
  );
}
