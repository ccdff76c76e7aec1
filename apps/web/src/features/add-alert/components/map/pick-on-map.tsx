/** The place on the location picker's map: a tap sets the pin, the pin can be dragged. */
import { useEffect, type RefObject } from 'react';
import type { LeafletEvent, Marker as LeafletMarker } from 'leaflet';
import { Marker, useMap, useMapEvent } from 'react-leaflet';
import { placeIcon } from '../../../../components/map/place-icon.ts';
import type { Position } from '../../../../lib/geolocation.ts';
import { t } from '../../../../i18n/i18n.ts';

export const PICKER_ZOOM = 16;

interface PickOnMapProps {
  value: Position | null;
  onChange(value: Position): void;
  /** Bumped when the place changed without the map (own position, typed): the map follows it. */
  recentre: number;
  /** Filled with a function that tells where the map's centre is. */
  centreOf: RefObject<(() => Position) | null>;
}

export function PickOnMap({ value, onChange, recentre, centreOf }: PickOnMapProps) {
  const map = useMap();
  useMapEvent('click', (e) => onChange({ latitude: e.latlng.lat, longitude: e.latlng.lng }));
  useEffect(() => {
    centreOf.current = () => {
      const c = map.getCenter();
      return { latitude: c.lat, longitude: c.lng };
    };
  }, [map, centreOf]);
  useEffect(() => {
    if (recentre > 0 && value) map.setView([value.latitude, value.longitude], Math.max(map.getZoom(), PICKER_ZOOM));
    // Only a new request to recentre moves the map, not every tap on it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recentre, map]);
  if (!value) return null;
  return (
    <Marker
      position={[value.latitude, value.longitude]}
      icon={placeIcon}
      draggable
      title={t('addAlert.pinLabel')}
      eventHandlers={{
        dragend: (e: LeafletEvent) => {
          const p = (e.target as LeafletMarker).getLatLng();
          onChange({ latitude: p.lat, longitude: p.lng });
        },
      }}
    />
  );
}
