/**
 * The area whose alerts the map shows: where it opened, then wherever the view leaves it.
 * Follows the map-view store, which takes the visitor's moves once the map rests: a pan costs
 * one search, not one per frame.
 */
import { useEffect, useState } from 'react';
import { distanceMetres } from '@wildalert/shared';
import { mapView, type MapView } from '../../../lib/map-view.ts';
import { ALERTS_RADIUS_KM, type AlertsArea } from '../api/get-alerts.ts';

/** Moves shorter than this never load another area, even zoomed far out. */
const MIN_MOVE_M = 250;

/**
 * The area to show for a view: the same while what the map sees (its centre and `reach`, the
 * distance to a corner) stays inside it, else the one around the view's centre.
 */
export function nextArea(area: AlertsArea, view: MapView, reach: number | undefined): AlertsArea {
  const radius = ALERTS_RADIUS_KM * 1000;
  const offset = distanceMetres(area, view);
  const seen = Math.min(reach ?? radius, radius);
  return offset > MIN_MOVE_M && offset + seen > radius ? { latitude: view.latitude, longitude: view.longitude } : area;
}

export function useAlertsArea(start: MapView): AlertsArea {
  const [area, setArea] = useState<AlertsArea>(() => ({ latitude: start.latitude, longitude: start.longitude }));
  useEffect(
    () =>
      mapView.subscribe(() => {
        const { view, reach } = mapView.get();
        setArea((area) => nextArea(area, view, reach));
      }),
    [],
  );
  return area;
}
