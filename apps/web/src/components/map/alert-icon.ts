/**
 * Our markers: 25×41 with the tip at 12,41, from our own assets; the touch area reaches 45×45.
 * Each animal has its own (animal-markers.ts). An alert growing old fades; one probably out of
 * date is drawn grey with a clock on it (lib/alert-age.ts), told apart by more than colour.
 */
import type { DivIcon } from 'leaflet';
import { animalByKey } from '@wildalert/shared';
import type { AlertAge } from '../../lib/alert-age.ts';
import { animalMarkerUrl } from './animal-markers.ts';
import { htmlIcon } from './html-icon.ts';

const ALERT_ICON_SIZE: [number, number] = [25, 41];
const ALERT_ICON_ANCHOR: [number, number] = [12, 41];

export const markerOptions = (className: string, url: string, badge = '') => ({
  className,
  html: `<img src="${url}" width="25" height="41" alt="" draggable="false">${badge}`,
  iconSize: ALERT_ICON_SIZE,
  iconAnchor: ALERT_ICON_ANCHOR,
  popupAnchor: [1, -34] as [number, number],
});

const icons = new Map<string, DivIcon>();

const FULL: AlertAge = { state: 'fresh', opacity: 1 };
const PAST_BADGE = '<span class="wa-past-badge"></span>';

/**
 * An alert's marker; `fresh`: pulsing for a few seconds, an alert that just arrived live; `age`:
 * how current it is (faded as it grows old, grey with a clock once past).
 */
export function animalIcon(animal: string, fresh = false, age: AlertAge = FULL): DivIcon {
  const look = age.state === 'past' ? 'wa-past' : age.opacity < 1 ? `wa-age-${Math.round(age.opacity * 100)}` : '';
  const key = `${animalByKey(animal).key}${fresh ? '+fresh' : ''}+${look}`;
  let icon = icons.get(key);
  if (!icon) {
    const className = ['wa-marker', fresh && 'wa-fresh', look].filter(Boolean).join(' ');
    icon = htmlIcon(markerOptions(className, animalMarkerUrl(animal), age.state === 'past' ? PAST_BADGE : ''));
    icons.set(key, icon);
  }
  return icon;
}
