/** Where the map opens, written once into the map-view store when something chose it. */
import { useEffect, useState } from 'react';
import type { LatLon } from '@wildalert/shared';
import { mapView, type MapView } from '../../../lib/map-view.ts';

/** Close enough to an alert that it stands on its own, out of any cluster. */
export const ALERT_ZOOM = 17;

/** On an alert just added, else at the view the address gives, else where the map was left. */
export function startView(current: MapView, created: LatLon | undefined, addressView: MapView | undefined): MapView {
  if (created) return { latitude: created.latitude, longitude: created.longitude, zoom: Math.max(current.zoom, ALERT_ZOOM) };
  return addressView ?? current;
}

/**
 * `permalink`: the map opens on one alert's address. That, an alert just added or a view in
 * the address wins over the visitor's position: the view counts as chosen.
 */
export function useStartView(created: LatLon | undefined, addressView: MapView | undefined, permalink: boolean): MapView {
  const [start] = useState(() => startView(mapView.get().view, created, addressView));
  const [chosen] = useState(() => created !== undefined || addressView !== undefined || permalink);
  useEffect(() => {
    if (chosen) mapView.set(start);
  }, [chosen, start]);
  return start;
}
