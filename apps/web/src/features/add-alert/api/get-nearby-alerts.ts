/**
 * GET /Alerts for the duplicate hint: the newest alert of the same animal within 200 m of the
 * chosen place in the last 2 hours, if any.
 */
import { useQuery } from '@tanstack/react-query';
import type { Alert, AlertListResponse, AnimalKey } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import type { Position } from '../../../lib/geolocation.ts';

const DUPLICATE_RADIUS_KM = 0.2;
const DUPLICATE_WINDOW_MS = 2 * 60 * 60 * 1000;

async function getRecentNearby(animal: AnimalKey, at: Position, signal?: AbortSignal): Promise<Alert | null> {
  const query = new URLSearchParams({
    Latitude: at.latitude.toFixed(6),
    Longitude: at.longitude.toFixed(6),
    Radius: String(DUPLICATE_RADIUS_KM),
    animal,
    since: new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString(),
    limit: '1',
  });
  const { data } = await api<AlertListResponse>(`/Alerts?${query}`, { signal });
  return data[0] ?? null;
}

export function useRecentNearby(animal: AnimalKey | null, at: Position | null) {
  return useQuery({
    queryKey: ['alerts', 'recent-nearby', animal, at?.latitude.toFixed(5), at?.longitude.toFixed(5)],
    queryFn: ({ signal }) => getRecentNearby(animal!, at!, signal),
    enabled: animal !== null && at !== null,
    // A hint, not a must: no retries, and a failure shows nothing.
    retry: false,
    staleTime: 30_000,
  });
}
