/** The organisation form's small map: the area as typed so far (a circle or a polygon), fitted in view. */
import { useEffect } from 'react';
import { latLng, latLngBounds, type LatLngExpression } from 'leaflet';
import { Circle, Polygon, useMap } from 'react-leaflet';
import type { OrganisationBody } from '@wildalert/shared';
import { BaseMap } from '../../../../components/map/base-map.tsx';

type Area = NonNullable<OrganisationBody['area']>;

const COLOUR = '#b35c00';
const STYLE = { color: COLOUR, weight: 2, fillColor: COLOUR, fillOpacity: 0.1 };
/** Kraków, when there is no area to show yet (everywhere). */
const CITY = { latitude: 50.061, longitude: 19.937 };

/** GeoJSON's [longitude, latitude] as Leaflet's [latitude, longitude]. */
const rings = (area: Extract<Area, { type: 'Polygon' }>): LatLngExpression[][] => area.coordinates.map((ring) => ring.map(([lng, lat]) => [lat!, lng!] as [number, number]));

export function AreaPreview({ area, label }: { area: Area | null; label: string }) {
  return (
    <BaseMap latitude={CITY.latitude} longitude={CITY.longitude} zoom={10} label={label}>
      {area && <AreaShape area={area} />}
    </BaseMap>
  );
}

function AreaShape({ area }: { area: Area }) {
  const map = useMap();
  useEffect(() => {
    const bounds = 'type' in area ? latLngBounds(rings(area)[0]!) : latLng(area.latitude, area.longitude).toBounds(area.radiusKm * 2000);
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [12, 12] });
  }, [map, area]);
  return 'type' in area ? (
    <Polygon positions={rings(area)} interactive={false} pathOptions={STYLE} />
  ) : (
    <Circle center={[area.latitude, area.longitude]} radius={area.radiusKm * 1000} interactive={false} pathOptions={STYLE} />
  );
}
