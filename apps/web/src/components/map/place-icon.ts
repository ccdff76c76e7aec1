/** The plain pin of a place being chosen (the add form's picker), not yet an animal's. */
import { divIcon } from 'leaflet';
import markerUrl from '../../assets/marker-icon.svg';
import { markerOptions } from './alert-icon.ts';

export const placeIcon = divIcon(markerOptions('wa-marker', markerUrl));
