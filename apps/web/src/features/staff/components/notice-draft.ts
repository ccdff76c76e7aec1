/** The notice form's fields as typed, and the body they make (POST …/notices), or what is wrong with them. */
import { LANGUAGES, NOTICE_DAYS_MAX, NOTICE_RADIUS_MAX_KM, NOTICE_TEXT_MAX, type NoticeBody } from '@wildalert/shared';

export interface NoticeDraft {
  pl: string;
  en: string;
  uk: string;
  latitude: string;
  longitude: string;
  radiusKm: string;
  /** A datetime-local value in the browser's zone; empty: now. */
  startsAt: string;
  endsAt: string;
}

export type DraftProblem = 'text' | 'textTooLong' | 'place' | 'radius' | 'endsBeforeStart' | 'endsPast' | 'tooLong';

/** A datetime-local value ("2026-05-20T18:00") for a moment, in the browser's zone. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A new draft at the map's centre, a kilometre round, ending in four hours on the quarter. */
export function newDraft(centre: { latitude: number; longitude: number }, now: number): NoticeDraft {
  const quarter = 15 * 60_000;
  return {
    pl: '',
    en: '',
    uk: '',
    latitude: centre.latitude.toFixed(5),
    longitude: centre.longitude.toFixed(5),
    radiusKm: '1',
    startsAt: '',
    endsAt: localInput(Math.ceil((now + 4 * 3600_000) / quarter) * quarter),
  };
}

/** The body to send, or the first thing wrong with the draft (the server checks the same, and the polygon cases). */
export function noticeBody(draft: NoticeDraft, now: number): { body: NoticeBody } | { problem: DraftProblem } {
  const text: NoticeBody['text'] = {};
  for (const l of LANGUAGES) if (draft[l].trim() !== '') text[l] = draft[l].trim();
  const given = Object.values(text);
  if (given.length === 0) return { problem: 'text' };
  if (given.some((v) => [...v].length > NOTICE_TEXT_MAX)) return { problem: 'textTooLong' };
  const latitude = Number(draft.latitude);
  const longitude = Number(draft.longitude);
  if (draft.latitude.trim() === '' || draft.longitude.trim() === '' || !(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) return { problem: 'place' };
  const radiusKm = Number(draft.radiusKm);
  if (!(radiusKm > 0 && radiusKm <= NOTICE_RADIUS_MAX_KM)) return { problem: 'radius' };
  const starts = draft.startsAt === '' ? now : Date.parse(draft.startsAt);
  const ends = Date.parse(draft.endsAt);
  if (Number.isNaN(starts) || Number.isNaN(ends) || ends <= starts) return { problem: 'endsBeforeStart' };
  if (ends <= now) return { problem: 'endsPast' };
  if (ends - starts > NOTICE_DAYS_MAX * 24 * 3600_000) return { problem: 'tooLong' };
  return {
    body: {
      text,
      area: { latitude, longitude, radiusKm },
      ...(draft.startsAt === '' ? {} : { startsAt: new Date(starts).toISOString() }),
      endsAt: new Date(ends).toISOString(),
    },
  };
}
