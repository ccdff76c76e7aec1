/** The choropleth: each area (AREAS_FILE) filled by its share of the reports, darker for more. */
import { useEffect } from 'react';
import { LatLngBounds, Polygon, type LatLngExpression } from 'leaflet';
import { useSmallMap } from '../../../../components/map/small-map.tsx';
import type { AreaShape } from '../../api/get-dashboard.ts';

/** Light to dark, the app's yellow to brown: ColorBrewer's YlOrBr, five steps. */
export const SHADES = ['#ffffd4', '#fed98e', '#fe9929', '#d95f0e', '#993404'] as const;

function shadeOf(count: number, max: number): string {
  if (count === 0 || max === 0) return '#ffffff';
  return SHADES[Math.min(SHADES.length - 1, Math.floor((count / max) * SHADES.length))]!;
}

const KRAKOW = { latitude: 50.061, longitude: 19.937 };

/** GeoJSON's [longitude, latitude] rings as Leaflet's [latitude, longitude]. */
function latLngs(geometry: AreaShape['geometry']): LatLngExpression[][][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map((ring) => ring.map(([lng, lat]) => [lat!, lng!] as LatLngExpression)));
}

export function AreasMap({ shapes, counts, label }: { shapes: readonly AreaShape[]; counts: ReadonlyMap<string, number>; label: string }) {
  const { element, map } = useSmallMap({ ...KRAKOW, zoom: 10, label });
  useEffect(() => {
    if (!map) return;
    const max = Math.max(0, ...counts.values());
    const bounds = new LatLngBounds([]);
    // Classes, not factories (small-map.tsx); Polygon, not GeoJSON: nothing more of Leaflet in the map's chunk.
    const layers = shapes.map((shape) => {
      const count = counts.get(shape.properties.name) ?? 0;
      const layer = new Polygon(latLngs(shape.geometry), { color: '#5d4037', weight: 1, fillColor: shadeOf(count, max), fillOpacity: 0.75 });
      bounds.extend(layer.getBounds());
      return layer.addTo(map);
    });
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [8, 8] });
    return () => layers.forEach((layer) => layer.remove());
  }, [map, shapes, counts]);
  return element;
}
