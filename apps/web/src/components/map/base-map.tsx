/**
 * The map every screen draws: OpenStreetMap raster tiles from the run-time tile URL, up to
 * their closest zoom, the attribution, controls sized for fingers, and a name for screen readers.
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { MAX_ZOOM } from '@wildalert/shared';
import { t } from '../../i18n/i18n.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

interface BaseMapProps {
  /** The map element's id, for a skip link to focus it. */
  id?: string;
  latitude: number;
  longitude: number;
  zoom: number;
  /** What the map is for, read by screen readers. */
  label: string;
  children?: ReactNode;
}

const FILL = { height: '100%', width: '100%' };

export function BaseMap({ id, latitude, longitude, zoom, label, children }: BaseMapProps) {
  // Created once the screen around it has painted, in a task of its own: the screen's text
  // shows first, and neither waits on the other in one long task. Its box is there meanwhile.
  if (!useDrawnLater()) return <div id={id} className="wa-map" style={FILL} />;
  return (
    <MapContainer
      id={id}
      center={[latitude, longitude]}
      zoom={zoom}
      maxZoom={MAX_ZOOM}
      attributionControl={false}
      zoomControl={false}
      // Tiles and popups show as they are ready: Leaflet's fade is a script on every frame for a
      // fifth of a second, in the middle of the map's first tasks (and it delays the first tile's paint).
      fadeAnimation={false}
      className="wa-map"
      style={FILL}
    >
      <MapLabel label={label} />
      <Layers>
        <TileLayer url={runtimeConfig().tileUrl} maxZoom={MAX_ZOOM} attribution={ATTRIBUTION} />
        {/* Bottom left: the bottom right belongs to the add button. */}
        <AttributionControl position="bottomleft" />
        <ZoomControl zoomInTitle={t('mapControls.zoomIn')} zoomOutTitle={t('mapControls.zoomOut')} />
        <TilesBackOnline />
        {children}
      </Layers>
    </MapContainer>
  );
}

/** What the map holds, added in a task after the map itself is created. */
function Layers({ children }: { children: ReactNode }) {
  return useDrawnLater() ? children : null;
}

/** False at first, then true in a render of its own once what was drawn has painted. */
function useDrawnLater(): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => startTransition(() => setDue(true)), []);
  return due;
}

function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    // Leaflet names its popup's close button in English.
    const nameClose = () =>
      container.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('mapControls.closePopup'));
    map.on('popupopen', nameClose);
    return () => {
      map.off('popupopen', nameClose);
    };
  }, [map, label]);
  return null;
}

/**
 * Tiles that failed while the connection was down load again when it returns: Leaflet asks for
 * a tile once and leaves a failed one blank (the images it wants are the ones on the map).
 */
function TilesBackOnline() {
  const map = useMap();
  useEffect(() => {
    const retry = () => {
      for (const tile of map.getContainer().querySelectorAll<HTMLImageElement>('img.leaflet-tile')) {
        // Finished without a picture: failed. Setting its address again fetches it anew, and
        // Leaflet, still listening, shows it when it loads.
        if (tile.complete && tile.naturalWidth === 0) {
          const url = tile.src;
          tile.src = url;
        }
      }
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [map]);
  return null;
}
