/**
 * What the map's address says: the time window, the animals, map or list, and where the map
 * looks. A reload or a shared link shows the same; values a person mistyped fall back to
 * the defaults instead of failing.
 */
import { ANIMAL_KEYS, isLanguage, MAX_ZOOM, type Language } from '@wildalert/shared';
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
}

export interface MapUrlState extends MapFilters {
  /** The list instead of the map. */
  list: boolean;
  /** Where the map looks, when the address says. */
  view?: MapView;
  /** The language a shared link was shared in; kept as it is. */
  lang?: Language;
}

export function readMapUrl(search: string): MapUrlState {
  const params = new URLSearchParams(search);
  const t = params.get('t');
  const window = TIME_WINDOWS.find((w) => w === t) ?? DEFAULT_WINDOW;
  const wanted = new Set(params.getAll('animal'));
  const animals = ANIMAL_KEYS.filter((key) => wanted.has(key));
  const lang = params.get('lang');
  return { window, animals, list: params.get('view') === 'list', view: viewOf(params), ...(isLanguage(lang) ? { lang } : {}) };
}

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
  if (state.list) params.set('view', 'list');
  if (state.view) {
    // Five decimals are about a metre.
    params.set('lat', state.view.latitude.toFixed(5));
    params.set('lng', state.view.longitude.toFixed(5));
    params.set('z', String(Math.round(state.view.zoom)));
  }
  if (state.lang) params.set('lang', state.lang);
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

/** Whether an alert passes the animal filter. */
export function showsAnimal(filters: MapFilters, animal: string): boolean {
  return filters.animals.length === 0 || filters.animals.includes(animal);
}
