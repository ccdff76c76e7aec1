/**
 * The map screen's parts that its first paint does without (map-extras.ts), as lazy components:
 * loaded just after the map, as one chunk, so the map route stays small. index.html announces
 * that chunk and its imports (vite-preload.ts): they arrive beside the app's script.
 */
import { lazy } from 'react';
import { withMessages } from '../../../i18n/i18n.ts';

const loadExtras = () => import('./map-extras.ts');
export const MapToolbar = lazy(() => loadExtras().then((m) => ({ default: m.MapToolbar })));
export const AlertList = lazy(() => loadExtras().then((m) => ({ default: m.AlertList })));
// Its own chunk, loaded when a popup first opens: its actions (share, the abuse report's dialog)
// are not needed before the first marker shows.
export const SelectionPopup = lazy(() =>
  withMessages('report', () => import('./map/selection-popup.tsx'))().then((m) => ({ default: m.SelectionPopup })),
);
export const MapControls = lazy(() => loadExtras().then((m) => ({ default: m.MapControls })));
export const MapLayers = lazy(() => loadExtras().then((m) => ({ default: m.MapLayers })));
export const EmptyView = lazy(() => loadExtras().then((m) => ({ default: m.EmptyView })));
