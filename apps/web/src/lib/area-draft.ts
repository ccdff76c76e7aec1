/**
 * The area being chosen in the area-alerts sheet, which the map draws as a circle while the sheet
 * is open (and keeps clear of its own notes meanwhile).
 */
import { useSyncExternalStore } from 'react';

export interface AreaDraft {
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** How much of the map the sheet covers, in pixels, on the right and at the bottom. */
  covered: { right: number; bottom: number };
}

let draft: AreaDraft | null = null;
const listeners = new Set<() => void>();

export const areaDraft = {
  set(next: AreaDraft | null) {
    draft = next;
    for (const listener of listeners) listener();
  },
};

export function useAreaDraft(): AreaDraft | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => draft,
  );
}
