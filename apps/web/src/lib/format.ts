/** How the app writes coordinates, times and what was seen, in the active language (Intl). */
import { isBehaviour, isHowMany, type Alert, type Behaviour, type HowMany } from '@wildalert/shared';
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

const dateAndMinute = cached((lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }));

/** The date and time to the minute, for lists where seconds are noise (a last sign-in, an expiry). */
export function shortDateTime(iso: string): string {
  return dateAndMinute().format(Date.parse(iso));
}

/** The date and time in full, for a tooltip. */
export function fullDateTime(iso: string): string {
  return dateTime().format(Date.parse(iso));
}

/** "za 30 sekund", "za 2 minuty" ("in 2 minutes"), "za 24 godziny" (a daily limit): when to try again. */
export function inTime(seconds: number): string {
  if (seconds < 90) return later().format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return later().format(Math.ceil(seconds / 60), 'minute');
  return later().format(Math.ceil(seconds / 3600), 'hour');
}

/** An alert's (null: not said), or a body waiting to be sent (left out: not said). */
interface Sighting {
  howMany?: HowMany | null;
  young?: boolean | null;
  behaviour?: Behaviour | null;
}

/**
 * Where an alert is in words, as the server's geocoder named its published point: "Królowej
 * Jadwigi, Zwierzyniec" (only the district for a protected species). Empty until it is known.
 */
export function placeLine(place: Alert['place'] | undefined): string {
  return place ? [place.street, place.district].filter(Boolean).join(', ') : '';
}

/**
 * What was seen (issue 19) as one short line: "2–5 zwierząt · z młodymi · agresywne". Empty when the reporter said nothing of it; codes this app does not know yet are left out.
 */
export function sightingLine({ howMany, young, behaviour }: Sighting): string {
  const parts = [
    isHowMany(howMany) ? t(`sighting.howMany.${howMany}`) : null,
    young == null ? null : t(young ? 'sighting.young.true' : 'sighting.young.false'),
    isBehaviour(behaviour) ? t(`sighting.behaviour.${behaviour}`) : null,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}
