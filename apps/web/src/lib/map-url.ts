/**
 * What the map's address says: the time window, the animals, map or list, the hotspot view and
 * its filters, and where the map looks. A reload or a shared link shows the same; values a person mistyped fall back to
 * the defaults instead of failing.
 */
import { ANIMAL_KEYS, isLanguage, MAX_ZOOM, type Alert, type HotspotQuery, type Language } from '@wildalert/shared';
import type { MapView } from './map-view.ts';

export const TIME_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];
/** A sighting is news for days, not years. */
const DEFAULT_WINDOW: TimeWindow = '7d';

const HOUR_MS = 3600_000;
const WINDOW_MS: Record<TimeWindow, number | undefined> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  all: undefined,
};

export interface MapFilters {
  window: TimeWindow;
  /** Catalogue keys, in catalogue order; empty means every animal. */
  animals: readonly string[];
  /** Confirmed and corrected alerts only (issue 35): the API's `verification=confirmed`; every level when absent. */
  confirmed?: boolean;
}

/** The API's season codes (GET /Alerts/hotspots), in the order of the year from spring, as offered. */
export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const satisfies ReadonlyArray<NonNullable<HotspotQuery['season']>>;
export type Season = (typeof SEASONS)[number];

/** The hotspot view's filters besides the animals: a season and a time of day, the whole year and day when absent. */
export interface HotspotFilters {
  season?: Season;
  /** Whole hours, from ≤ hour < to, or overnight when from > to (as the API's `hours`). */
  hours?: { from: number; to: number };
}

export interface MapUrlState extends MapFilters {
  /** The list instead of the map. */
  list: boolean;
  /** Where the map looks, when the address says. */
  view?: MapView;
  /** The language a shared link was shared in; kept as it is. */
  lang?: Language;
  /** Where and when animals usually show up, instead of the markers. */
  hotspots?: HotspotFilters;
}

export function readMapUrl(search: string): MapUrlState {
  const params = new URLSearchParams(search);
  const t = params.get('t');
  const window = TIME_WINDOWS.find((w) => w === t) ?? DEFAULT_WINDOW;
  const wanted = new Set(params.getAll('animal'));
  const animals = ANIMAL_KEYS.filter((key) => wanted.has(key));
  const lang = params.get('lang');
  return {
    window,
    animals,
    ...(params.get('verification') === 'confirmed' ? { confirmed: true } : {}),
    list: params.get('view') === 'list',
    view: viewOf(params),
    ...(isLanguage(lang) ? { lang } : {}),
    ...(params.get('hotspots') === '1' ? { hotspots: hotspotsOf(params) } : {}),
  };
}

function hotspotsOf(params: URLSearchParams): HotspotFilters {
  const season = SEASONS.find((s) => s === params.get('season'));
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(params.get('hours') ?? '');
  const [from, to] = match ? [Number(match[1]), Number(match[2])] : [0, 24];
  // As the API takes them: a start within the day, an end up to midnight, not the same hour.
  const hours = from <= 23 && to <= 24 && from !== to && !(from === 0 && to === 24) ? { from, to } : undefined;
  return { ...(season ? { season } : {}), ...(hours ? { hours } : {}) };
}

/** The API's `hours` for a time of day: `16-21`. */
export const hoursText = (hours: { from: number; to: number }) => `${hours.from}-${hours.to}`;

function viewOf(params: URLSearchParams): MapView | undefined {
  const [latitude, longitude, zoom] = ['lat', 'lng', 'z'].map((name) => {
    const value = params.get(name);
    return value === null || value.trim() === '' ? NaN : Number(value);
  }) as [number, number, number];
  const valid =
    Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && Number.isInteger(zoom) && zoom >= 0 && zoom <= MAX_ZOOM;
  return valid ? { latitude, longitude, zoom } : undefined;
}

/** The query string for a state, `?…` or empty; defaults are left out. */
export function writeMapUrl(state: MapUrlState): string {
  const params = new URLSearchParams();
  if (state.window !== DEFAULT_WINDOW) params.set('t', state.window);
  for (const animal of state.animals) params.append('animal', animal);
  if (state.confirmed) params.set('verification', 'confirmed');
  if (state.list) params.set('view', 'list');
  if (state.view) {
    // Five decimals are about a metre.
    params.set('lat', state.view.latitude.toFixed(5));
    params.set('lng', state.view.longitude.toFixed(5));
    params.set('z', String(Math.round(state.view.zoom)));
  }
  if (state.lang) params.set('lang', state.lang);
  if (state.hotspots) {
    params.set('hotspots', '1');
    if (state.hotspots.season) params.set('season', state.hotspots.season);
    if (state.hotspots.hours) params.set('hours', hoursText(state.hotspots.hours));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const MINUTE_MS = 60_000;

/**
 * The oldest time the window shows, as the API's `since`; undefined for every time. Whole
 * minutes: the searches of one minute are the same, so the server's short search cache can
 * answer them together (the window grows by less than a minute).
 */
export function sinceOf(window: TimeWindow, now: number): string | undefined {
  const span = WINDOW_MS[window];
  return span === undefined ? undefined : new Date(Math.floor((now - span) / MINUTE_MS) * MINUTE_MS).toISOString();
}

/** Adds the level filter to a search or tile query (the API's `verification`). */
export function filterLevel(query: URLSearchParams, filters: MapFilters): void {
  if (filters.confirmed) query.set('verification', 'confirmed');
}

/** Whether an alert passes the level filter (as the API's `verification=confirmed`: confirmed or corrected; an older API's alert, without a level, does not). */
export function showsLevel(filters: MapFilters, alert: { verification?: Alert['verification'] }): boolean {
  const level = alert.verification?.level;
  return !filters.confirmed || level === 'confirmed' || level === 'corrected';
}

/** Whether an alert passes the animal filter. */
export function showsAnimal(filters: MapFilters, animal: string): boolean {
  return filters.animals.length === 0 || filters.animals.includes(animal);
}
