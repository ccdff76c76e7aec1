/**
 * The areas of the notices in force, shaded on the map; a tap opens the notice's card. Drawn with
 * Leaflet's own circle and polygon (already loaded with the map), not react-leaflet's: those
 * would split the map's first chunks for a layer that comes later.
 */
import { useEffect } from 'react';
import { circle, polygon, type Path } from 'leaflet';
import { useMap } from 'react-leaflet';
import type { Notice } from '@wildalert/shared';
import { openNotice, useNoticesInForce, useOpenedNotice } from '../../hooks/notices-in-force.ts';
import { NoticesStyle } from '../notices-style.tsx';

function shapeOf(notice: Notice, open: boolean): Path {
  // Its colour is the CSS variable's (notices.css): only the weights here.
  const style = { weight: open ? 3 : 2, fillOpacity: open ? 0.22 : 0.12, className: 'wa-notice-area' };
  const { area } = notice;
  if ('radiusKm' in area) return circle([area.latitude, area.longitude], { ...style, radius: area.radiusKm * 1000 });
  // GeoJSON's [longitude, latitude] pairs, as Leaflet's [latitude, longitude].
  return polygon(
    area.coordinates.map((ring: number[][]) => ring.map(([lng, lat]) => [lat!, lng!] as [number, number])),
    style,
  );
}

export function NoticesLayer() {
  const map = useMap();
  const { notices } = useNoticesInForce();
  const opened = useOpenedNotice();
  useEffect(() => {
    const shapes = notices.map((notice) => shapeOf(notice, notice.id === opened).on('click', () => openNotice(notice.id)).addTo(map));
    return () => {
      for (const shape of shapes) shape.remove();
    };
  }, [map, notices, opened]);
  return notices.length > 0 ? <NoticesStyle /> : null;
}
