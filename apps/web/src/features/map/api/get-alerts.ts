/** GET /Alerts around a point, for the list view and its downloads: the fetcher and its query hook. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMIT_MAX, RADIUS_DEFAULT_KM, type AlertListResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { filterLevel, sinceOf, type MapFilters } from '../../../lib/map-url.ts';

/** The spec's search radius, in kilometres: the API's default. */
export const ALERTS_RADIUS_KM = RADIUS_DEFAULT_KM;
/** As many as the API gives (newest first): the list shows them a page at a time. */
const ALERTS_LIMIT = LIMIT_MAX;

export interface AlertsArea {
  latitude: number;
  longitude: number;
}

/**
 * The search's query: the area, the animals and the time window, counted back from `now`.
 * GET /Alerts.geojson and /Alerts.csv take the same.
 */
export function alertsSearch(area: AlertsArea, filters: MapFilters, now: number): URLSearchParams {
  const query = new URLSearchParams({
    Latitude: area.latitude.toFixed(6),
    Longitude: area.longitude.toFixed(6),
    Radius: String(ALERTS_RADIUS_KM),
    limit: String(ALERTS_LIMIT),
  });
  const since = sinceOf(filters.window, now);
  if (since) query.set('since', since);
  for (const animal of filters.animals) query.append('animal', animal);
  filterLevel(query, filters);
  return query;
}

function getAlerts(area: AlertsArea, filters: MapFilters, signal?: AbortSignal): Promise<AlertListResponse> {
  return api<AlertListResponse>(`/Alerts?${alertsSearch(area, filters, Date.now())}`, { signal });
}

const alertsQuery = (area: AlertsArea, filters: MapFilters) =>
  queryOptions({
    // The window, not its start: the key stays the same while time passes.
    queryKey: ['alerts', area.latitude.toFixed(5), area.longitude.toFixed(5), filters.window, filters.confirmed ? 'confirmed' : '', ...filters.animals],
    queryFn: ({ signal }) => getAlerts(area, filters, signal),
  });

/** `enabled`: only while the list shows (the map asks by tile). */
export function useAlerts(area: AlertsArea, filters: MapFilters, enabled: boolean) {
  // The previous area's alerts stay while the next area loads: no blink.
  return useQuery({ ...alertsQuery(area, filters), placeholderData: keepPreviousData, enabled });
}
