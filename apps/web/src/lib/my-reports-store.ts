import { useSyncExternalStore } from 'react';

/**
 * Where the device keeps its own reports (lib/my-reports.ts reads and writes them), and who is
 * told when they change. A module of its own, small, because the header asks only whether there
 * are any: the rest of my-reports.ts stays out of the map's first visit.
 */
export const MY_REPORTS_KEY = 'wildalert-my-reports';

const listeners = new Set<() => void>();

/** Tells `listener` of each change, this tab's and (through the `storage` event) another tab's. */
export function subscribeMyReports(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === MY_REPORTS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** Called by every write. */
export function myReportsChanged(): void {
  for (const listener of listeners) listener();
}

/** The stored text itself: a snapshot that stays the same while nothing changed. */
export function storedMyReports(): string | null {
  try {
    return localStorage.getItem(MY_REPORTS_KEY);
  } catch {
    // No storage (a private window's): nothing remembered.
    return null;
  }
}

/** Whether this device has sent a report it remembers, kept current. */
export function useHasMyReports(): boolean {
  return useSyncExternalStore(
    subscribeMyReports,
    () => {
      const stored = storedMyReports();
      return stored !== null && stored !== '{}';
    },
    // index.html's first paint, drawn before any script (frame.test.tsx): no link yet.
    () => false,
  );
}
