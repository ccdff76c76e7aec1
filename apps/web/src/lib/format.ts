/** How the app writes coordinates and times, in the active language (Intl). */
import { language, t } from '../i18n/i18n.ts';

/** At most 6 decimals (about 10 cm), no trailing zeros, a dot as the separator: "50.049683, 19.944544". */
export function formatCoordinates(latitude: number, longitude: number): string {
  const fmt = (n: number) => String(Number(n.toFixed(6)));
  return `${fmt(latitude)}, ${fmt(longitude)}`;
}

/** Intl's formatters are costly to make: one of each kind per language. */
function cached<F>(make: (lang: string) => F): () => F {
  const made = new Map<string, F>();
  return () => {
    const lang = language();
    let formatter = made.get(lang);
    if (!formatter) made.set(lang, (formatter = make(lang)));
    return formatter;
  };
}

const rtf = cached((lang) => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));

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
 * "przed chwilą", "5 minut temu", "3 godziny temu", "wczoraj", "2 tygodnie temu"… ("3 hours
 * ago", "3 години тому"): whole units elapsed, rounded down, as a person would say it. A time
 * slightly in the future (the server's clock ahead of this one) counts as just now.
 */
export function relativeTime(iso: string, now: number): string {
  const elapsed = now - Date.parse(iso);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return t('popup.justNow');
  const [unit, size] = UNITS.find(([, , below]) => elapsed < below)!;
  return rtf().format(-Math.floor(elapsed / size), unit);
}

const clock = cached((lang) => new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }));
const dayAndClock = cached(
  (lang) => new Intl.DateTimeFormat(lang, { day: 'numeric', month: '2-digit', hour: '2-digit', minute: '2-digit' }),
);
const dateTime = cached((lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'medium' }));
const later = cached((lang) => new Intl.RelativeTimeFormat(lang, { numeric: 'always' }));

/** "14:05" for a time of today, "23.11, 14:05" for an earlier day. */
export function clockTime(ms: number, now: number): string {
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  return (sameDay ? clock() : dayAndClock()).format(ms);
}

/** The date and time in full, for a tooltip. */
export function fullDateTime(iso: string): string {
  return dateTime().format(Date.parse(iso));
}

/** "za 30 sekund", "za 2 minuty" ("in 2 minutes"): when to try again. */
export function inTime(seconds: number): string {
  return seconds < 90 ? later().format(Math.max(1, Math.ceil(seconds)), 'second') : later().format(Math.ceil(seconds / 60), 'minute');
}
