/**
 * The map screen's parts that its first paint does without, loaded just after it as one
 * chunk: the filters, the list view and a popup's actions (the map route stays small).
 */
export { AlertList } from './alert-list.tsx';
export { MapToolbar } from './map-toolbar.tsx';
export { ReportAbuse } from './report-abuse.tsx';
export { ShareAlert } from './share-alert.tsx';
