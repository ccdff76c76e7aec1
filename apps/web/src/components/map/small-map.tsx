/**
 * The staff screens' small maps, made with Leaflet alone: the same tiles, attribution, controls
 * and look as the visitors' map (components/map/base-map.tsx), without react-leaflet. Its
 * components, imported from staff chunks too, made the bundler split React DOM out of the map's
 * first chunk (one more request on every visitor's first visit, over the size budget).
 */
import { useEffect, useRef, useState } from 'react';
import { Control, Map as LeafletMap, TileLayer } from 'leaflet';
import { MAX_ZOOM } from '@wildalert/shared';
import { t } from '../../i18n/i18n.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** A map in the returned element's box, looking at a place; `map` once it is made (after the first paint). */
export function useSmallMap({ latitude, longitude, zoom, label }: { latitude: number; longitude: number; zoom: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [made, setMade] = useState<LeafletMap>();
  const start = useRef({ latitude, longitude, zoom });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { latitude: lat, longitude: lng, zoom: z } = start.current;
    // Leaflet's classes, as react-leaflet uses them, not its factories (map(), control.zoom()…):
    // those would keep more of Leaflet (every control) in the map's first chunk.
    const map = new LeafletMap(element, { center: [lat, lng], zoom: z, maxZoom: MAX_ZOOM, attributionControl: false, zoomControl: false, fadeAnimation: false });
    new TileLayer(runtimeConfig().tileUrl, { maxZoom: MAX_ZOOM, attribution: ATTRIBUTION }).addTo(map);
    new Control.Attribution({ position: 'bottomleft' }).addTo(map);
    new Control.Zoom({ zoomInTitle: t('mapControls.zoomIn'), zoomOutTitle: t('mapControls.zoomOut') }).addTo(map);
    setMade(map);
    return () => {
      setMade(undefined);
      map.remove();
    };
  }, []);
  useEffect(() => {
    box.current?.setAttribute('role', 'region');
    box.current?.setAttribute('aria-label', label);
  }, [label]);
  const element = <div ref={box} className="wa-map" style={{ height: '100%', width: '100%' }} />;
  return { element, map: made };
}
