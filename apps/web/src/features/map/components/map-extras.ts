/**
 * The map screen's parts that its first paint does without, loaded just after it as one
 * chunk: the filters, the list view, the popups (the map route stays small).
 */
export { AlertList } from './alert-list.tsx';
export { MapToolbar } from './map-toolbar.tsx';
export { SelectionPopup } from './map/selection-popup.tsx';
