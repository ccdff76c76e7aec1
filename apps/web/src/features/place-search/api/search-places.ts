/** GET /places: places by name, through the server's geocoder (which it keeps a day; so does the browser, an hour). */
import { useQuery } from '@tanstack/react-query';
import type { PlaceListResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { language } from '../../../i18n/i18n.ts';

/** Asks only for a search the visitor submitted (`q` not empty): never as they type. */
export function usePlaces(q: string) {
  const lang = language();
  return useQuery({
    queryKey: ['places', lang, q],
    queryFn: ({ signal }) => api<PlaceListResponse>(`/places?${new URLSearchParams({ q, lang })}`, { signal }),
    enabled: q !== '',
    staleTime: 60 * 60_000,
    // The server paces the geocoder; a failure is shown, and the visitor searches again.
    retry: false,
  });
}
