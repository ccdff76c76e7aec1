/**
 * Keeps a Leaflet map and the map-view store (lib/map-view.ts) in step. The visitor's moves are
 * written to the store once the map rests (not per frame: one search per pan, not per drag);
 * a view set in the store by the app (the visitor's position, an alert) moves the map.
 */
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { distanceMetres } from '@wildalert/shared';
import { mapView, sameView, type MapView } from '../../lib/map-view.ts';

const REST_MS = 400;

export function MapViewSync() {
  const map = useMap();
  useEffect(() => {
    const shown = (): MapView => {
      const centre = map.getCenter();
      return { latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom() };
    };
    let pending: { view: MapView; reach: number } | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      clearTimeout(timer);
      const done = pending;
      pending = undefined;
      if (done) mapView.set(done.view, done.reach);
    };

    const started = () => {
      // Any move, the visitor's or the app's, means the view is chosen.
      mapView.settle();
      // Moving again: not at rest yet.
      clearTimeout(timer);
    };
    const ended = () => {
      const view = shown();
      if (sameView(view, mapView.get().view)) {
        // The store's own move, or back where the store says.
        pending = undefined;
        return;
      }
      const corner = map.getBounds().getNorthEast();
      pending = { view, reach: distanceMetres(view, { latitude: corner.lat, longitude: corner.lng }) };
      clearTimeout(timer);
      timer = setTimeout(write, REST_MS);
    };
    let followed: MapView | undefined;
    const follow = () => {
      const { view } = mapView.get();
      if (view === followed) return;
      followed = view;
      if (sameView(view, shown())) return;
      // The app moved the map: a rest the visitor's last move was waiting for is over.
      clearTimeout(timer);
      pending = undefined;
      map.setView([view.latitude, view.longitude], view.zoom);
    };

    map.on('movestart zoomstart', started);
    map.on('moveend', ended);
    const unsubscribe = mapView.subscribe(follow);
    // Set before the map was drawn (an alert arrived first): go there now.
    follow();
    return () => {
      unsubscribe();
      map.off('movestart zoomstart', started);
      map.off('moveend', ended);
      // The visitor's last move is kept for their return, even if the map had not rested yet.
      write();
    };
  }, [map]);
  return null;
}
