/**
 * GET /Notices: the official notices in force around where the map looks (issue 33). Asked again
 * every minute, so a notice posted or removed reaches an open map within one; one that ends
 * leaves it at its end by the map's own clock (notices-in-force.ts), with no request.
 */
import { useQuery } from '@tanstack/react-query';
import { RADIUS_DEFAULT_KM, type NoticeListResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { useMapView } from '../../../lib/map-view.ts';

/** How often an open map asks again: the server caches the answer for 30 s. */
const REFRESH_MS = 60_000;

/** The centre rounded to about a kilometre: panning around the city asks nothing new. */
const rounded = (degrees: number) => Math.round(degrees * 100) / 100;

export function useNotices() {
  const { view } = useMapView();
  const latitude = rounded(view.latitude);
  const longitude = rounded(view.longitude);
  return useQuery({
    queryKey: ['notices', latitude, longitude] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), radius: String(RADIUS_DEFAULT_KM) });
      return api<NoticeListResponse>(`/Notices?${query.toString()}`, { signal }).then((r) => r.data);
    },
    refetchInterval: REFRESH_MS,
    // While another area's answer loads, the last one stays drawn.
    placeholderData: (previous) => previous,
  });
}
