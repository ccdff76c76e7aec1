/**
 * Asks for the visitor's position once the map is built. When it arrives, the map centres on
 * it — once, and not if the visitor has already moved the map — and the alerts around it load.
 */
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { requestPosition, type Position } from '../../../lib/geolocation.ts';
import { mapView } from '../../../lib/map-view.ts';

export function FollowVisitor({ onPosition }: { onPosition(position: Position): void }) {
  const map = useMap();
  useEffect(() => {
    let active = true;
    // Any move before the position arrives is the visitor's: the map then stays where they put it.
    const moved = () => mapView.settle();
    map.on('movestart zoomstart', moved);
    void requestPosition().then((position) => {
      if (!active || !position || mapView.isSettled()) return;
      mapView.settle();
      map.off('movestart zoomstart', moved);
      map.setView([position.latitude, position.longitude], map.getZoom());
      onPosition(position);
    });
    return () => {
      active = false;
      map.off('movestart zoomstart', moved);
    };
  }, [map, onPosition]);
  return null;
}
