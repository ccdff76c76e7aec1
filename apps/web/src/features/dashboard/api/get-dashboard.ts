/** The dashboard's views (GET /staff/dashboard/{view}, or /Dashboard/{view} for everyone) and the areas' shapes. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AreasResponse, BehavioursResponse, HoursResponse, ResponseTimes, TrendResponse, VerificationCounts } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

export type Audience = 'staff' | 'public';

export interface Views {
  trend: TrendResponse;
  areas: AreasResponse;
  hours: HoursResponse;
  behaviours: BehavioursResponse;
  verification: VerificationCounts;
  response: ResponseTimes;
}

export interface AreaShape {
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

const prefix = (audience: Audience) => (audience === 'staff' ? '/staff/dashboard' : '/Dashboard');

/** One view for the filters in `query` (a query string); the last answer stays on screen while the next is counted. */
export function useDashboardView<V extends keyof Views>(audience: Audience, view: V, query: string) {
  return useQuery({
    queryKey: ['dashboard', audience, view, query],
    queryFn: () => api<Views[V]>(`${prefix(audience)}/${view}?${query}`, { cache: 'no-store' }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** The areas (AREAS_FILE): they change only with the server's restart. */
export function useAreaShapes(audience: Audience) {
  return useQuery({
    queryKey: ['dashboard', audience, 'shapes'],
    queryFn: () => api<{ features: AreaShape[] }>(`${prefix(audience)}/areas/shapes`),
    staleTime: Infinity,
  });
}
