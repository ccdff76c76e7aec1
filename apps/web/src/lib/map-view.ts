/**
 * Where the main map looks: the one store of it, kept while the page is open (as
 * lib/geolocation.ts keeps the position). The map follows it and writes the visitor's moves
 * into it (components/map/map-view-sync.tsx); the address mirrors it; the map comes back to it
 * after a visit to another screen; the add screen starts there when the position is unknown.
 */
import { useSyncExternalStore } from 'react';

export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
}

export interface MapViewState {
  view: MapView;
  /** How far the map sees, centre to corner, in metres; unknown until the visitor moves it. */
  reach: number | undefined;
  /**
   * Chosen — by the visitor, an address or an alert. From then on the visitor's position no
   * longer moves the map: it centres there only once, and never after they moved it.
   */
  settled: boolean;
}

export const DEFAULT_VIEW: MapView = { latitude: 50.049683, longitude: 19.944544, zoom: 13 };

let state: MapViewState = { view: DEFAULT_VIEW, reach: undefined, settled: false };
const listeners = new Set<() => void>();

function update(next: MapViewState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Whether two views show the same place at the same zoom. */
export function sameView(a: MapView, b: MapView): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 1e-9;
  return near(a.latitude, b.latitude) && near(a.longitude, b.longitude) && a.zoom === b.zoom;
}

export const mapView = {
  get: (): MapViewState => state,
  /** Moves the map there (or records that the visitor did); the view is chosen from then on. */
  set(view: MapView, reach = state.reach) {
    if (state.settled && reach === state.reach && sameView(view, state.view)) return;
    update({ view: sameView(view, state.view) ? state.view : view, reach, settled: true });
  },
  /**
   * Moves the map there even when the store says it is there already: the visitor may have
   * moved it since (their moves are written once the map rests), and asked to come back.
   */
  go(view: MapView) {
    update({ view: { ...view }, reach: state.reach, settled: true });
  },
  /** The visitor started to move the map: their position must not move it any more. */
  settle() {
    if (!state.settled) update({ ...state, settled: true });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useMapView(): MapViewState {
  return useSyncExternalStore(mapView.subscribe, mapView.get);
}
