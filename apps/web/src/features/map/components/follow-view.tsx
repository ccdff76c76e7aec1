/**
 * Watches where the visitor looks. The view is remembered for their return; when it leaves
 * the area already fetched, the next area is asked for — once the map rests, not per frame.
 * The resting view is also handed to `onView` (for the address).
 */
import { useEffect } from 'react';
import { latLng } from 'leaflet';
import { useMap } from 'react-leaflet';
import { mapView, type MapView } from '../../../lib/map-view.ts';
import { ALERTS_RADIUS_KM, type AlertsArea } from '../api/get-alerts.ts';

const SETTLE_MS = 400;
/** Moves shorter than this never refetch, even zoomed far out. */
const MIN_MOVE_M = 250;

interface FollowViewProps {
  area: AlertsArea;
  onArea(area: AlertsArea): void;
  onView(view: MapView): void;
}

export function FollowView({ area, onArea, onView }: FollowViewProps) {
  const map = useMap();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      const centre = map.getCenter();
      const view = { latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom() };
      mapView.set(view);
      clearTimeout(timer);
      timer = setTimeout(() => {
        onView(view);
        const radius = ALERTS_RADIUS_KM * 1000;
        const offset = centre.distanceTo(latLng(area.latitude, area.longitude));
        const viewRadius = Math.min(centre.distanceTo(map.getBounds().getNorthEast()), radius);
        if (offset > MIN_MOVE_M && offset + viewRadius > radius) {
          onArea({ latitude: centre.lat, longitude: centre.lng });
        }
      }, SETTLE_MS);
    };
    map.on('moveend', moved);
    return () => {
      map.off('moveend', moved);
      clearTimeout(timer);
    };
  }, [map, area, onArea, onView]);
  return null;
}
