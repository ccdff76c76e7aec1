/** How the app writes coordinates and times for a Polish reader. */

/** At most 6 decimals (about 10 cm), no trailing zeros, a dot as the separator: "50.049683, 19.944544". */
export function formatCoordinates(latitude: number, longitude: number): string {
  const fmt = (n: number) => String(Number(n.toFixed(6)));
  return `${fmt(latitude)}, ${fmt(longitude)}`;
}

const rtf = new Intl.RelativeTimeFormat('pl', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each unit is used while the time elapsed is below the next one. */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number, number]> = [
  ['minute', MINUTE, HOUR],
  ['hour', HOUR, DAY],
  ['day', DAY, 7 * DAY],
  ['week', 7 * DAY, 30 * DAY],
  ['month', 30 * DAY, 365 * DAY],
  ['year', 365 * DAY, Infinity],
];

/**
 * "przed chwilą", "5 minut temu", "3 godziny temu", "wczoraj", "2 tygodnie temu"…:
 * whole units elapsed, rounded down, as a person would say it. A time slightly in the
 * future (the server's clock ahead of this one) counts as just now.
 */
export function relativeTimePl(iso: string, now: number, justNow: string): string {
  const elapsed = now - Date.parse(iso);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return justNow;
  const [unit, size] = UNITS.find(([, , below]) => elapsed < below)!;
  return rtf.format(-Math.floor(elapsed / size), unit);
}

const km = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 });

/** "350 m", "1,2 km", "15 km": metres below a kilometre, then kilometres to one decimal below 10. */
export function formatDistancePl(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  return `${km.format(metres < 10_000 ? metres / 1000 : Math.round(metres / 1000))} km`;
}

/** Great-circle distance in metres (a sphere of the Earth's mean radius). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}
