/** An inbox entry's small map: the exact point (a sensitive species' too), with its animal's marker, close up. */
import { useEffect } from 'react';
import { Marker } from 'leaflet';
import { animalIcon } from '../../../../components/map/alert-icon.ts';
import { useSmallMap } from '../../../../components/map/small-map.tsx';

const POINT_ZOOM = 16;

export function PointMap({ latitude, longitude, animal, label }: { latitude: number; longitude: number; animal: string; label: string }) {
  const { element, map } = useSmallMap({ latitude, longitude, zoom: POINT_ZOOM, label });
  useEffect(() => {
    if (!map) return;
    map.setView([latitude, longitude]);
    const pin = new Marker([latitude, longitude], { icon: animalIcon(animal), interactive: false, keyboard: false }).addTo(map);
    return () => {
      pin.remove();
    };
  }, [map, latitude, longitude, animal]);
  return element;
}
