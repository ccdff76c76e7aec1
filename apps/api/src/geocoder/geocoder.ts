/**
 * The one way out to the configured Nominatim-compatible geocoder (GEOCODER_URL): place search for
 * GET /places and the street and district of alerts' points. Everything its usage policy asks is
 * kept here, for the whole instance: answers cached, requests spaced GEOCODER_INTERVAL_MS apart
 * (OpenStreetMap's public server allows one a second), an identifying User-Agent. A visitor only
 * chooses the text searched for: the address, the path and every other parameter are fixed here,
 * no redirect is followed, a request is given up after GEOCODER_TIMEOUT_MS and an answer larger
 * than MAX_ANSWER_BYTES is refused.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Language } from '@wildalert/shared';

export interface GeocoderOptions {
  /** The geocoder's base address (`https://nominatim.openstreetmap.org`); `/search` and `/reverse` are added to its path. */
  url: string;
  userAgent: string;
  /** A request's deadline, from sending to the end of the answer. */
  timeoutMs: number;
  /** The least time between two requests' starts. */
  intervalMs: number;
}

/** One place found. `bbox` is its extent as [south, west, north, east], when the geocoder gave one. */
export interface FoundPlace {
  name: string;
  label: string;
  latitude: number;
  longitude: number;
  bbox: [number, number, number, number] | null;
}

/** What is said of an alert's place: both may be null (a field, a river). */
export interface StreetAndDistrict {
  street: string | null;
  district: string | null;
}

/** A point's address as kept: its street, its finest district, and its district for a coarsened point. */
interface Address extends StreetAndDistrict {
  coarseDistrict: string | null;
}

/** The geocoder did not answer usably in time: `down` when it did not answer at all (timed out, refused the connection). */
export class GeocoderUnavailableError extends Error {
  constructor(
    message: string,
    readonly down = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Too many searches wait for a turn already: the next would wait longer than a visitor should. */
export class GeocoderBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The place search is busy');
  }
}

/** Nominatim's search answers are a few kB; anything much larger is not one. */
const MAX_ANSWER_BYTES = 256 * 1024;
/** Places a search answers, at most. */
const SEARCH_LIMIT = 5;
/** Searches that may wait for a turn (a second each, at OpenStreetMap's pace); one more is answered busy. */
const SEARCH_MAX_WAITING = 3;
/** After the geocoder did not answer, how long it is left alone: what the 503's Retry-After says. */
export const REST_MS = 5_000;
/** Searches kept, and for how long: place names hardly change within a day. */
const SEARCHES_KEPT = 2_000;
const SEARCH_TTL_MS = 24 * 60 * 60_000;
/** Reverse answers kept, per point rounded to REVERSE_DECIMALS (4 decimals: about 11 m), for a week. */
const REVERSES_KEPT = 10_000;
const REVERSE_TTL_MS = 7 * 24 * 60 * 60_000;
const REVERSE_DECIMALS = 4;

/** Address parts that name the street, most specific first (Nominatim's `address` keys). */
const STREET_KEYS = ['road', 'pedestrian', 'square', 'footway', 'path', 'cycleway', 'track'] as const;
/** Address parts that name the district, the finest first. */
const DISTRICT_KEYS = ['suburb', 'city_district', 'borough', 'quarter', 'neighbourhood', 'village', 'town', 'city'] as const;
/** For a coarsened point: only parts at least as large as a city's district, never a neighbourhood. */
const COARSE_DISTRICT_KEYS = ['suburb', 'city_district', 'borough', 'village', 'town', 'city'] as const;

/**
 * One request at a time, each started at least `intervalMs` after the previous one's answer ended,
 * so that however fast or slow the geocoder answers it never sees two within the interval.
 * After a request timed out or could not connect, every request is refused for REST_MS at once:
 * a frozen geocoder holds one request for its deadline, not every request in the queue.
 */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private lastEnd = 0;
  private restUntil = 0;
  constructor(private readonly intervalMs: number) {}

  /** Runs `work` at its turn; refuses (GeocoderBusyError) when `maxWaiting` are queued already. */
  run<T>(work: () => Promise<T>, maxWaiting: number): Promise<T> {
    if (this.waiting >= maxWaiting) return Promise.reject(new GeocoderBusyError(Math.max(1, Math.ceil((this.waiting * this.intervalMs) / 1000))));
    this.waiting += 1;
    const turn = this.tail.then(async () => {
      this.waiting -= 1;
      if (Date.now() < this.restUntil) throw new GeocoderUnavailableError('The geocoder did not answer a moment ago; not asked again yet');
      await sleep(Math.max(0, this.lastEnd + this.intervalMs - Date.now()));
      try {
        return await work();
      } catch (error) {
        if (error instanceof GeocoderUnavailableError && error.down) this.restUntil = Date.now() + REST_MS;
        throw error;
      } finally {
        this.lastEnd = Date.now();
      }
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}

export class Geocoder {
  private readonly queue: Queue;
  private readonly searches = new LRUCache<string, FoundPlace[]>({ max: SEARCHES_KEPT, ttl: SEARCH_TTL_MS });
  private readonly reverses = new LRUCache<string, Address>({ max: REVERSES_KEPT, ttl: REVERSE_TTL_MS });
  /** Lookups under way, by cache key: the same search asked twice at once is sent once. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly base: URL;

  constructor(private readonly options: GeocoderOptions) {
    this.queue = new Queue(options.intervalMs);
    this.base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
  }

  /** Searches kept: `cached(q, language)` answers without asking the geocoder, or undefined. */
  cached(q: string, language: Language): FoundPlace[] | undefined {
    return this.searches.get(searchKey(q, language));
  }

  /** Places named `q`, their names in `language`; kept a day. */
  search(q: string, language: Language): Promise<FoundPlace[]> {
    const key = searchKey(q, language);
    const kept = this.searches.get(key);
    if (kept) return Promise.resolve(kept);
    return this.once(key, async () => {
      const params = { q, format: 'jsonv2', limit: String(SEARCH_LIMIT), 'accept-language': language };
      const answer = await this.request('search', params, SEARCH_MAX_WAITING);
      const places = Array.isArray(answer) ? answer.flatMap(toFoundPlace).slice(0, SEARCH_LIMIT) : [];
      this.searches.set(key, places);
      return places;
    });
  }

  /**
   * The street and district at a point, in the place's own language; only the district (one at
   * least as large as a city's district) when `coarse`. Waits for its turn however many wait:
   * only the background lookups call it, one at a time per instance.
   */
  async reverse(point: { latitude: number; longitude: number }, coarse: boolean): Promise<StreetAndDistrict> {
    const latitude = point.latitude.toFixed(REVERSE_DECIMALS);
    const longitude = point.longitude.toFixed(REVERSE_DECIMALS);
    const key = `${latitude},${longitude}`;
    const address =
      this.reverses.get(key) ??
      (await this.once(key, async () => {
        const params = { lat: latitude, lon: longitude, format: 'jsonv2', zoom: '18', addressdetails: '1' };
        const answer = (await this.request('reverse', params, Infinity)) as { address?: unknown } | null;
        const parts = answer && typeof answer.address === 'object' && answer.address !== null ? (answer.address as Record<string, unknown>) : {};
        // Kept whole, whichever way the point is asked next.
        const found: Address = { street: first(parts, STREET_KEYS), district: first(parts, DISTRICT_KEYS), coarseDistrict: first(parts, COARSE_DISTRICT_KEYS) };
        this.reverses.set(key, found);
        return found;
      }));
    return coarse ? { street: null, district: address.coarseDistrict } : { street: address.street, district: address.district };
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const under = this.pending.get(key) as Promise<T> | undefined;
    if (under) return under;
    const started = work().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }

  /** One GET of `path` with `params` (all fixed here but `q`, which URLSearchParams encodes), its JSON. */
  private request(path: 'search' | 'reverse', params: Record<string, string>, maxWaiting: number): Promise<unknown> {
    const url = new URL(path, this.base);
    url.search = new URLSearchParams(params).toString();
    return this.queue.run(async () => {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
          // A redirect could lead anywhere, the operator's network included.
          redirect: 'error',
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        throw new GeocoderUnavailableError(`The geocoder's ${path} did not answer: ${(error as Error).message}`, true, { cause: error });
      }
      try {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        // The deadline covers the body too: the signal aborts a read that stalls.
        return JSON.parse(await readLimited(response, MAX_ANSWER_BYTES));
      } catch (error) {
        await response.body?.cancel().catch(() => undefined);
        const down = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
        throw new GeocoderUnavailableError(`The geocoder's ${path} failed: ${(error as Error).message}`, down, { cause: error });
      }
    }, maxWaiting);
  }
}

/** Searches differ only in case and spaces: the same search. */
function searchKey(q: string, language: Language): string {
  return `${language}:${q.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

/** The body as text, or an error once it passes `max` bytes (the rest is not read). */
async function readLimited(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
}

/** A Nominatim search result as a FoundPlace; nothing when it lacks a point. */
function toFoundPlace(raw: unknown): FoundPlace[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const r = raw as Record<string, unknown>;
  const latitude = Number(r.lat);
  const longitude = Number(r.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return [];
  const label = typeof r.display_name === 'string' ? r.display_name.slice(0, 300) : '';
  const name = typeof r.name === 'string' && r.name !== '' ? r.name.slice(0, 200) : (label.split(',')[0] ?? '');
  // Nominatim's boundingbox: [south, north, west, east], as strings.
  const box = Array.isArray(r.boundingbox) ? r.boundingbox.map(Number) : [];
  const [south, north, west, east] = box;
  const bbox: FoundPlace['bbox'] =
    box.length === 4 && box.every(Number.isFinite) && south! <= north! && Math.abs(south!) <= 90 && Math.abs(north!) <= 90 && Math.abs(west!) <= 180 && Math.abs(east!) <= 180
      ? [south!, west!, north!, east!]
      : null;
  return [{ name: name || label, label: label || name, latitude, longitude, bbox }];
}

function first(parts: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = parts[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
  }
  return null;
}
