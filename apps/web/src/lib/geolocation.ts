/**
 * The visitor's position, shared by the screens: asked for once the map is built (or on
 * request), kept while the page is open. A refusal or a failure leaves it unknown, silently.
 */
import { useSyncExternalStore } from 'react';

export interface Position {
  latitude: number;
  longitude: number;
}

let current: Position | null = null;
const listeners = new Set<() => void>();

function set(position: Position) {
  current = position;
  for (const listener of listeners) listener();
}

/**
 * Asks the browser; resolves to the position, or null when refused, unavailable or slow.
 * `fresh`: a position measured now (the visitor asked for it), not one from the last minute.
 */
export function requestPosition({ fresh = false } = {}): Promise<Position | null> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = { latitude: coords.latitude, longitude: coords.longitude };
        set(position);
        resolve(position);
      },
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: fresh ? 0 : 60_000 },
    );
  });
}

export function knownPosition(): Position | null {
  return current;
}

export function usePosition(): Position | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

export type PermissionStateOrUnknown = PermissionState | 'unsupported';

export async function geolocationPermission(): Promise<PermissionStateOrUnknown> {
  if (!('geolocation' in navigator) || !navigator.permissions) return 'unsupported';
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return 'unsupported';
  }
}
