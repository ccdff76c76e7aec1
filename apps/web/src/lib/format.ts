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

const clock = new Intl.DateTimeFormat('pl', { hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat('pl', { day: 'numeric', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/** "14:05" for a time of today, "23.11, 14:05" for an earlier day. */
export function clockTimePl(ms: number, now: number): string {
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  return (sameDay ? clock : dayAndClock).format(ms);
}
