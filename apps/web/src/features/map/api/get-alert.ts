/** GET /Alerts/{id}: one alert, for a permalink (it may be older than the map's time window). */
import { useQuery } from '@tanstack/react-query';
import type { AlertResponse } from '@wildalert/shared';
import { api, ApiError } from '../../../lib/api-client.ts';

export const alertQueryKey = (id: string) => ['alert', id] as const;

export function useAlert(id: string | undefined) {
  return useQuery({
    queryKey: alertQueryKey(id ?? ''),
    queryFn: ({ signal }) => api<AlertResponse>(`/Alerts/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== undefined,
    // A missing alert stays missing; asking again would only delay the message.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}
