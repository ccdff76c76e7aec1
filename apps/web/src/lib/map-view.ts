/**
 * Where the main map looks, kept while the page is open: the map comes back to it after a
 * visit to another screen, and the add screen starts there when the position is unknown.
 */
export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
}

export const DEFAULT_VIEW: MapView = { latitude: 50.049683, longitude: 19.944544, zoom: 13 };

let view: MapView = DEFAULT_VIEW;
/** The map may centre on the visitor's position only once, and never after they moved it. */
let settled = false;

export const mapView = {
  get: () => view,
  set: (next: MapView) => {
    view = next;
  },
  isSettled: () => settled,
  settle: () => {
    settled = true;
  },
};
