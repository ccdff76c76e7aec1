/**
 * Our markers: 25×41 with the tip at 12,41, from our own assets; the touch area reaches 45×45.
 * Each animal has its own (animal-markers.ts).
 */
import { divIcon, type DivIcon } from 'leaflet';
import { animalByKey } from '@wildalert/shared';
import { animalMarkerUrl } from './animal-markers.ts';

const ALERT_ICON_SIZE: [number, number] = [25, 41];
const ALERT_ICON_ANCHOR: [number, number] = [12, 41];

export const markerOptions = (className: string, url: string) => ({
  className,
  html: `<img src="${url}" width="25" height="41" alt="" draggable="false">`,
  iconSize: ALERT_ICON_SIZE,
  iconAnchor: ALERT_ICON_ANCHOR,
  popupAnchor: [1, -34] as [number, number],
});

const icons = new Map<string, DivIcon>();

/** An alert's marker; `fresh`: pulsing for a few seconds, an alert that just arrived live. */
export function animalIcon(animal: string, fresh = false): DivIcon {
  const key = `${animalByKey(animal).key}${fresh ? '+fresh' : ''}`;
  let icon = icons.get(key);
  if (!icon) {
    icon = divIcon(markerOptions(fresh ? 'wa-marker wa-fresh' : 'wa-marker', animalMarkerUrl(animal)));
    icons.set(key, icon);
  }
  return icon;
}
