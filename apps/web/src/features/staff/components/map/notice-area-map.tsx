/**
 * The notice form's small map: the circle as typed, or the polygon as its corners are tapped. A
 * tap places the circle's centre or adds the polygon's next corner. Drawn with Leaflet's own
 * classes and a click handler rather than a drawing library (leaflet-geoman): corners, undo and
 * clear are all this form needs, and a library would add its toolbar, its own translations and
 * several times this chunk's size.
 */
import { useEffect, useRef } from 'react';
import { Circle, CircleMarker, latLng, Polygon, type LatLngTuple, type LeafletMouseEvent } from 'leaflet';
import type { Corner } from '../notice-draft.ts';
import { useSmallMap } from './small-map.tsx';

const COLOUR = '#b35c00';
const STYLE = { color: COLOUR, weight: 2, fillColor: COLOUR, fillOpacity: 0.15, interactive: false };
/** Close enough to see streets and a park's edge, where corners are tapped. */
const ZOOM = 14;

interface Props {
  /** Where the map first looks. */
  start: { latitude: number; longitude: number };
  /** The circle to show (null while its numbers are not a circle), or the polygon's corners so far. */
  shape: { circle: { latitude: number; longitude: number; radiusKm: number } | null } | { corners: Corner[] };
  label: string;
  onTap(corner: Corner): void;
}

export function NoticeAreaMap({ start, shape, label, onTap }: Props) {
  const { element, map } = useSmallMap({ ...start, zoom: ZOOM, label });
  // The latest handler, without re-binding Leaflet's listener on each render.
  const tap = useRef(onTap);
  useEffect(() => {
    tap.current = onTap;
  }, [onTap]);
  useEffect(() => {
    if (!map) return;
    const onClick = (e: LeafletMouseEvent) => tap.current([Number(e.latlng.lng.toFixed(6)), Number(e.latlng.lat.toFixed(6))]);
    map.on('click', onClick);
    // Two taps within Leaflet's 200 ms, wherever they fall, would zoom in between two corners; the
    // zoom buttons and pinching remain.
    map.doubleClickZoom.disable();
    map.getContainer().style.cursor = 'crosshair';
    return () => {
      map.off('click', onClick);
    };
  }, [map]);
  const circle = 'circle' in shape ? shape.circle : null;
  useEffect(() => {
    if (!map || !circle) return;
    // Classes, not factories: see small-map.tsx.
    const drawn = new Circle([circle.latitude, circle.longitude], { ...STYLE, radius: circle.radiusKm * 1000 }).addTo(map);
    map.fitBounds(latLng(circle.latitude, circle.longitude).toBounds(circle.radiusKm * 2000), { padding: [12, 12] });
    return () => {
      drawn.remove();
    };
  }, [map, circle]);
  const corners = 'corners' in shape ? shape.corners : null;
  useEffect(() => {
    if (!map || !corners) return;
    // The map stays where it is while corners are tapped: a jump would put the next tap elsewhere.
    const points = corners.map(([lng, lat]) => [lat, lng] as LatLngTuple);
    const outline = new Polygon(points, STYLE).addTo(map);
    const dots = points.map((point, i) =>
      new CircleMarker(point, { radius: i === points.length - 1 ? 7 : 5, color: '#ffffff', weight: 2, fillColor: COLOUR, fillOpacity: 1, interactive: false }).addTo(map),
    );
    outline.getElement()?.setAttribute('data-testid', 'notice-polygon');
    return () => {
      outline.remove();
      for (const dot of dots) dot.remove();
    };
  }, [map, corners]);
  return element;
}
