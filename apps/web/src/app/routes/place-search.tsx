/** The place search (features/place-search) composed into the map, loaded after its first paint with its messages. */
export { PlaceSearch as default } from '../../features/place-search/components/place-search.tsx';
