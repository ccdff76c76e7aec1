/**
 * Official notices on the map (features/notices), composed here: the banner over the map, the
 * shaded areas in it, and the notices at the top of the list. The map loads this after its first paint.
 */
export { NoticesBanner } from '../../features/notices/components/notices-banner.tsx';
export { NoticesList } from '../../features/notices/components/notices-list.tsx';
export { NoticesLayer } from '../../features/notices/components/map/notices-layer.tsx';
