/** GET /Alerts around a point: the fetcher and its query hook. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertListResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

/** The spec's search radius, in kilometres. */
export const ALERTS_RADIUS_KM = 15;
/**
 * As many as the API gives (its LIMIT_MAX, newest first): clustering keeps thousands cheap
 * to draw, and a visitor in a busy area should see all they can; beyond that the screen says
 * so. A literal, not the import: the schemas module would bring TypeBox into the map's bundle.
 */
export const ALERTS_LIMIT = 5000;

export interface AlertsArea {
  latitude: number;
  longitude: number;
}

export function getAlerts(area: AlertsArea, signal?: AbortSignal): Promise<AlertListResponse> {
  const query = new URLSearchParams({
    Latitude: area.latitude.toFixed(6),
    Longitude: area.longitude.toFixed(6),
    Radius: String(ALERTS_RADIUS_KM),
    limit: String(ALERTS_LIMIT),
  });
  return api<AlertListResponse>(`/Alerts?${query}`, { signal });
}

export const alertsQuery = (area: AlertsArea) =>
  queryOptions({
    queryKey: ['alerts', area.latitude.toFixed(5), area.longitude.toFixed(5)],
    queryFn: ({ signal }) => getAlerts(area, signal),
  });

export function useAlerts(area: AlertsArea) {
  // The previous area's markers stay while the next area loads: no blink while panning.
  return useQuery({ ...alertsQuery(area), placeholderData: keepPreviousData });
}
