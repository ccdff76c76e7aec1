/** Our marker: 25×41 with its tip at 12,41, from our own assets; the touch area reaches 45×45. */
import { divIcon } from 'leaflet';
import markerUrl from '../../assets/marker-icon.svg';

const ALERT_ICON_SIZE: [number, number] = [25, 41];
const ALERT_ICON_ANCHOR: [number, number] = [12, 41];

const markerOptions = (className: string) => ({
  className,
  html: `<img src="${markerUrl}" width="25" height="41" alt="" draggable="false">`,
  iconSize: ALERT_ICON_SIZE,
  iconAnchor: ALERT_ICON_ANCHOR,
  popupAnchor: [1, -34] as [number, number],
});

export const alertIcon = divIcon(markerOptions('wa-marker'));

/** The same marker, pulsing for a few seconds: an alert that just arrived live. */
export const freshAlertIcon = divIcon(markerOptions('wa-marker wa-fresh'));
