/**
 * The visitor's position, shared by the screens: asked for once the map is built (or on
 * request), kept while the page is open. A refusal or a failure leaves it unknown; locate() says why.
 */
import { useSyncExternalStore } from 'react';

export interface Position {
  latitude: number;
  longitude: number;
  /** How far off it may be, in metres, when the browser measured it. */
  accuracy?: number;
}

/** Why no position came: the visitor refused, the device could not tell, it took too long, or no geolocation at all. */
export type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

let current: Position | null = null;
const listeners = new Set<() => void>();

function set(position: Position) {
  current = position;
  for (const listener of listeners) listener();
}

/**
 * Asks the browser: the position, or why there is none.
 * `fresh`: a position measured now (the visitor asked for it), not one from the last minute.
 */
export function locate({ fresh = false } = {}): Promise<{ position: Position } | { failure: PositionFailure }> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve({ failure: 'unsupported' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy };
        set(position);
        resolve({ position });
      },
      (error) =>
        resolve({
          failure:
            error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: fresh ? 0 : 60_000 },
    );
  });
}

/** As locate(), for those that need no reason: the position, or null when refused, unavailable or slow. */
export async function requestPosition(options: { fresh?: boolean } = {}): Promise<Position | null> {
  const answer = await locate(options);
  return 'position' in answer ? answer.position : null;
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
