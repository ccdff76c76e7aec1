/** The alerts of one cluster, for its list: GET /Alerts around it, kept to its cell. */
import { EQUATOR_M, gridOf, LIMIT_MAX, TILE_CELL_BITS, type Alert, type AlertListResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { filterLevel, sinceOf, type MapFilters } from '../../../lib/map-url.ts';

interface ClusterPlace {
  latitude: number;
  longitude: number;
  zoom: number;
  /** All at one point. */
  spot: boolean;
  /** Made of neighbouring cells on the map: its alerts lie within this many metres. */
  radiusM?: number;
}

/** Newest first, as GET /Alerts sorts them. */
export async function getClusterAlerts(cluster: ClusterPlace, filters: MapFilters): Promise<Alert[]> {
  const cellM = (EQUATOR_M * Math.cos((cluster.latitude * Math.PI) / 180)) / 2 ** (cluster.zoom + TILE_CELL_BITS);
  // A spot: a metre around its point. Else as far as the cell's corners from its mean point, at most.
  const radiusKm = cluster.spot ? 0.001 : (cluster.radiusM ?? cellM * 1.5) / 1000;
  const query = new URLSearchParams({
    Latitude: cluster.latitude.toFixed(6),
    Longitude: cluster.longitude.toFixed(6),
    Radius: radiusKm.toFixed(4),
    limit: String(LIMIT_MAX),
  });
  const since = sinceOf(filters.window, Date.now());
  if (since) query.set('since', since);
  for (const animal of filters.animals) query.append('animal', animal);
  filterLevel(query, filters);
  const { data } = await api<AlertListResponse>(`/Alerts?${query}`);
  if (cluster.spot || cluster.radiusM !== undefined) return data;
  const cell = gridOf(cluster.latitude, cluster.longitude, cluster.zoom, TILE_CELL_BITS);
  return data.filter((a) => {
    const c = gridOf(a.latitude, a.longitude, cluster.zoom, TILE_CELL_BITS);
    return c.x === cell.x && c.y === cell.y;
  });
}
