/** GET /Alerts/{id}: one alert, for a permalink and the device's own reports (it may be older than the map's time window). */
import { queryOptions } from '@tanstack/react-query';
import type { AlertResponse } from '@wildalert/shared';
import { api, ApiError } from './api-client.ts';

export const alertQueryKey = (id: string) => ['alert', id] as const;

/**
 * The query of one alert, for `useQuery` in the screen that shows it. Options rather than a
 * hook: a lazy screen calling a hook of the app's first chunk makes the bundler split the query
 * library out of that chunk (+3 kB on the map's first visit; bench/src/web-size.ts).
 */
export function alertQuery(id: string | undefined) {
  return queryOptions({
    queryKey: alertQueryKey(id ?? ''),
    queryFn: ({ signal }) => api<AlertResponse>(`/Alerts/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== undefined,
    // A missing alert stays missing; asking again would only delay the message.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}
