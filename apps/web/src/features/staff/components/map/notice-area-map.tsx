/**
 * The notice form's small map: the circle as typed, or the polygon as its corners are tapped. A
 * tap places the circle's centre or adds the polygon's next corner. Drawn with Leaflet's own
 * classes and a click handler rather than a drawing library (leaflet-geoman): corners, undo and
 * clear are all this form needs, and a library would add its toolbar, its own translations and
 * several times this chunk's size.
 */
import { useEffect, useRef, useState } from 'react';
import { Circle, CircleMarker, latLng, Polygon, type LatLng, type LatLngTuple, type LeafletKeyboardEvent, type LeafletMouseEvent } from 'leaflet';
import type { Corner } from '../notice-draft.ts';
import { useSmallMap } from '../../../../components/map/small-map.tsx';

const COLOUR = '#b35c00';
const STYLE = { color: COLOUR, weight: 2, fillColor: COLOUR, fillOpacity: 0.15, interactive: false };
/** The cross in the map's middle while it has the keyboard's focus: where Enter puts a corner. */
const CROSS = {
  position: 'absolute',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  zIndex: 1000,
  pointerEvents: 'none',
  color: COLOUR,
  font: '700 32px/1 system-ui, sans-serif',
  textShadow: '0 0 3px #ffffff, 0 0 3px #ffffff',
} as const;
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
  // With a keyboard: the map has the focus, the arrow keys move it (Leaflet's), and Enter puts a
  // corner (or the centre) where the cross in its middle is.
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!map) return;
    const place = (at: LatLng) => tap.current([Number(at.lng.toFixed(6)), Number(at.lat.toFixed(6))]);
    const onClick = (e: LeafletMouseEvent) => place(e.latlng);
    const onKey = (e: LeafletKeyboardEvent) => {
      if (e.originalEvent.key !== 'Enter' || e.originalEvent.target !== map.getContainer()) return;
      e.originalEvent.preventDefault();
      place(map.getCenter());
    };
    const container = map.getContainer();
    const focus = () => setFocused(container.matches(':focus-visible'));
    const blur = () => setFocused(false);
    map.on('click', onClick);
    map.on('keydown', onKey);
    container.addEventListener('focus', focus);
    container.addEventListener('blur', blur);
    // Two taps within Leaflet's 200 ms, wherever they fall, would zoom in between two corners; the
    // zoom buttons and pinching remain.
    map.doubleClickZoom.disable();
    map.getContainer().style.cursor = 'crosshair';
    return () => {
      map.off('click', onClick);
      map.off('keydown', onKey);
      container.removeEventListener('focus', focus);
      container.removeEventListener('blur', blur);
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
  return (
    <div style={{ position: 'relative', height: '100%' }}>
      {element}
      {focused && (
        <div aria-hidden="true" data-testid="notice-map-cross" style={CROSS}>
          +
        </div>
      )}
    </div>
  );
}
