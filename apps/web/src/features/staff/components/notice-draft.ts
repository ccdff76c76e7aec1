/**
 * The notice form's fields as typed, and the body they make (POST …/notices), or what is wrong
 * with them. The area is a circle round a point or a polygon whose corners were tapped on the map.
 */
import { LANGUAGES, NOTICE_DAYS_MAX, NOTICE_RADIUS_MAX_KM, NOTICE_TEXT_MAX, type NoticeBody } from '@wildalert/shared';

export type AreaKind = 'circle' | 'polygon';

/** A corner of the polygon as tapped: [longitude, latitude], GeoJSON's order. */
export type Corner = [number, number];

export interface NoticeDraft {
  pl: string;
  en: string;
  uk: string;
  areaKind: AreaKind;
  latitude: string;
  longitude: string;
  radiusKm: string;
  /** The polygon's corners in the order tapped, its ring left open (closed when sent). */
  corners: Corner[];
  /** A datetime-local value in the browser's zone; empty: now. */
  startsAt: string;
  endsAt: string;
}

export type DraftProblem = 'text' | 'textTooLong' | 'place' | 'radius' | 'corners' | 'crosses' | 'endsBeforeStart' | 'endsPast' | 'tooLong';

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
    areaKind: 'circle',
    latitude: centre.latitude.toFixed(5),
    longitude: centre.longitude.toFixed(5),
    radiusKm: '1',
    corners: [],
    startsAt: '',
    endsAt: localInput(Math.ceil((now + 4 * 3600_000) / quarter) * quarter),
  };
}

const same = (a: Corner, b: Corner) => a[0] === b[0] && a[1] === b[1];

/** The corners with a tap on the corner just made (a double tap) left out. */
export function addCorner(corners: Corner[], corner: Corner): Corner[] {
  const last = corners.at(-1);
  return last && same(last, corner) ? corners : [...corners, corner];
}

/** Twice the ring's area, positive when its corners run anticlockwise (the shoelace formula, in degrees). */
function signedArea(ring: Corner[]): number {
  let sum = 0;
  ring.forEach((a, i) => {
    const b = ring[(i + 1) % ring.length]!;
    sum += a[0] * b[1] - b[0] * a[1];
  });
  return sum;
}

/** Which side of the line o→a the point b lies on: >0 left, <0 right, 0 on it. */
const turn = (o: Corner, a: Corner, b: Corner) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Whether p, on the line through a and b, lies between them. */
const within = (a: Corner, b: Corner, p: Corner) => Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

/** Whether the segments a–b and c–d meet, touching included. */
function meet(a: Corner, b: Corner, c: Corner, d: Corner): boolean {
  const d1 = turn(c, d, a);
  const d2 = turn(c, d, b);
  const d3 = turn(a, b, c);
  const d4 = turn(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && within(c, d, a)) || (d2 === 0 && within(c, d, b)) || (d3 === 0 && within(a, b, c)) || (d4 === 0 && within(a, b, d));
}

/**
 * Whether the closed ring through these corners crosses or touches itself, or folds back along
 * itself (what PostGIS's ST_IsValid refuses, on the same planar longitude–latitude plane): two
 * sides that do not follow each other may not meet; two that do may share only their corner.
 */
function ringCrosses(ring: Corner[]): boolean {
  const n = ring.length;
  const side = (i: number): [Corner, Corner] => [ring[i]!, ring[(i + 1) % n]!];
  for (let i = 0; i < n; i++) {
    const [a, b] = side(i);
    const c = ring[(i + 2) % n]!;
    // The next side goes back along this one.
    if (turn(a, b, c) === 0 && (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0) return true;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const [c1, d1] = side(j);
      if (meet(a, b, c1, d1)) return true;
    }
  }
  return false;
}

/** The circle these fields make, or what is wrong with them. */
export function draftCircle(lat: string, lng: string, radius: string): { latitude: number; longitude: number; radiusKm: number } | { problem: 'place' | 'radius' } {
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (lat.trim() === '' || lng.trim() === '' || !(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) return { problem: 'place' };
  const radiusKm = Number(radius);
  if (!(radiusKm > 0 && radiusKm <= NOTICE_RADIUS_MAX_KM)) return { problem: 'radius' };
  return { latitude, longitude, radiusKm };
}

/** The area to send, or what is wrong with it. */
function draftArea(draft: NoticeDraft): { area: NoticeBody['area'] } | { problem: DraftProblem } {
  if (draft.areaKind === 'polygon') {
    // A last tap on the first corner closes the ring as the form would.
    const ring = draft.corners.length > 1 && same(draft.corners[0]!, draft.corners.at(-1)!) ? draft.corners.slice(0, -1) : draft.corners;
    if (new Set(ring.map((c) => c.join())).size < 3) return { problem: 'corners' };
    if (ringCrosses(ring)) return { problem: 'crosses' };
    // Anticlockwise, as RFC 7946 asks of an outer ring; closed, as GeoJSON requires.
    const outer = signedArea(ring) < 0 ? [...ring].reverse() : ring;
    return { area: { type: 'Polygon', coordinates: [[...outer, outer[0]!].map((c) => [c[0], c[1]])] } };
  }
  const circle = draftCircle(draft.latitude, draft.longitude, draft.radiusKm);
  return 'problem' in circle ? circle : { area: circle };
}

/** The body to send, or the first thing wrong with the draft (the server checks the same, and a polygon's size). */
export function noticeBody(draft: NoticeDraft, now: number): { body: NoticeBody } | { problem: DraftProblem } {
  const text: NoticeBody['text'] = {};
  for (const l of LANGUAGES) if (draft[l].trim() !== '') text[l] = draft[l].trim();
  const given = Object.values(text);
  if (given.length === 0) return { problem: 'text' };
  if (given.some((v) => [...v].length > NOTICE_TEXT_MAX)) return { problem: 'textTooLong' };
  const area = draftArea(draft);
  if ('problem' in area) return area;
  const starts = draft.startsAt === '' ? now : Date.parse(draft.startsAt);
  const ends = Date.parse(draft.endsAt);
  if (Number.isNaN(starts) || Number.isNaN(ends) || ends <= starts) return { problem: 'endsBeforeStart' };
  if (ends <= now) return { problem: 'endsPast' };
  if (ends - starts > NOTICE_DAYS_MAX * 24 * 3600_000) return { problem: 'tooLong' };
  return {
    body: {
      text,
      area: area.area,
      ...(draft.startsAt === '' ? {} : { startsAt: new Date(starts).toISOString() }),
      endsAt: new Date(ends).toISOString(),
    },
  };
}
