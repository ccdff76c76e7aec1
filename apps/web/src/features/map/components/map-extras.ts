/**
 * The map screen's parts that its first paint does without, loaded just after it as one
 * chunk: the filters, the list view, the legend, "where am I", the empty-view note
 * (the map route stays small).
 */
export { AlertList } from './alert-list.tsx';
export { EmptyView } from './empty-view.tsx';
export { MapControls } from './map-controls.tsx';
export { MapLayers } from './map/map-layers.tsx';
export { MapToolbar } from './map-toolbar.tsx';
