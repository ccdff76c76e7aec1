/** The organisation form's small map: the area as typed so far (a circle or a polygon), fitted in view. */
import { useEffect } from 'react';
import { Circle, latLng, LatLngBounds, Polygon, type LatLngTuple } from 'leaflet';
import type { OrganisationBody } from '@wildalert/shared';
import { useSmallMap } from '../../../../components/map/small-map.tsx';

type Area = NonNullable<OrganisationBody['area']>;

const COLOUR = '#b35c00';
const STYLE = { color: COLOUR, weight: 2, fillColor: COLOUR, fillOpacity: 0.1, interactive: false };
/** Kraków, when there is no area to show yet (everywhere). */
const CITY = { latitude: 50.061, longitude: 19.937 };

/** GeoJSON's [longitude, latitude] as Leaflet's [latitude, longitude]. */
const rings = (area: Extract<Area, { type: 'Polygon' }>): LatLngTuple[][] => area.coordinates.map((ring) => ring.map(([lng, lat]) => [lat!, lng!] as LatLngTuple));

export function AreaPreview({ area, label }: { area: Area | null; label: string }) {
  const { element, map } = useSmallMap({ ...CITY, zoom: 10, label });
  useEffect(() => {
    if (!map || !area) return;
    // Classes, not factories: see small-map.tsx.
    const shape = 'type' in area ? new Polygon(rings(area), STYLE) : new Circle([area.latitude, area.longitude], { ...STYLE, radius: area.radiusKm * 1000 });
    shape.addTo(map);
    const bounds = 'type' in area ? new LatLngBounds(rings(area)[0]!) : latLng(area.latitude, area.longitude).toBounds(area.radiusKm * 2000);
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [12, 12] });
    return () => {
      shape.remove();
    };
  }, [map, area]);
  return element;
}
