/**
 * The map's tiles under load (group `tiles`): phone-sized views as the web app asks for them
 * (GET /Alerts/tiles/{z}/{x}/{y}, shared tilesInView), against the naive query and the app's
 * own radius searches of before, on PostgreSQL; and the limit of an in-process index
 * (Supercluster over the same points in memory).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type pg from 'pg';
import Supercluster from 'supercluster';
import { tileBounds, tilesInView, type TileId } from '@wildalert/shared';
import { KRAKOW } from './seed.ts';
import { percentile } from './flood.ts';
import { autocannon } from './autocannon.ts';

/** A phone's map, in CSS pixels, as bench/src/web-size.ts opens it. */
export const PHONE_VIEW = { width: 360, height: 640 };

/** The app's time windows: 7 days (its default, `since` at a whole minute, as sinceOf rounds it) and "Wszystkie". */
export const TILE_WINDOWS = {
  '7d': () => `?since=${new Date(Math.floor((Date.now() - 7 * 86_400_000) / 60_000) * 60_000).toISOString()}`,
  all: () => '',
} as const;
export type TileWindow = keyof typeof TILE_WINDOWS;

/** A view centre within ~10 km of Kraków, as the radius benchmarks vary theirs. */
export function variedCentre(rnd: () => number) {
  return { latitude: KRAKOW.latitude + (rnd() - 0.5) * 0.18, longitude: KRAKOW.longitude + (rnd() - 0.5) * 0.28 };
}

export const tilePath = ({ z, x, y }: TileId, query: string) => `/Alerts/tiles/${z}/${x}/${y}${query}`;

interface Fetched {
  status: number;
  /** The body as sent (compressed when it was). */
  bytes: number;
  body: string;
  etag: string | undefined;
}

/** One GET on a keep-alive agent; the body decoded unless `raw` (the load phases leave it as sent). */
export function get(agent: http.Agent, origin: string, path: string, headers: Record<string, string> = {}, raw = false): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const sent = Buffer.concat(chunks);
          const coding = raw ? undefined : res.headers['content-encoding'];
          const body = coding === 'br' ? zlib.brotliDecompressSync(sent) : coding === 'gzip' ? zlib.gunzipSync(sent) : sent;
          const status = res.statusCode ?? 0;
          if (status !== 200 && status !== 304) reject(new Error(`${path} answered ${status}: ${body.toString()}`));
          else resolve({ status, bytes: sent.length, body: raw ? '' : body.toString('utf8'), etag: res.headers.etag });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A whole view: its tiles, as many at once as the agent has connections. */
export async function loadView(agent: http.Agent, origin: string, tiles: TileId[], query: string, etags?: Map<string, string>, raw = false) {
  const answers = await Promise.all(
    tiles.map((tile) => {
      const path = tilePath(tile, query);
      const etag = etags?.get(path);
      return get(agent, origin, path, etag ? { 'if-none-match': etag } : {}, raw).then((a) => ({ path, ...a }));
    }),
  );
  return answers;
}

/**
 * Visitors loading views back to back for `seconds` on `connections` keep-alive connections in
 * all (autocannon, as the other load phases), each request the next tile of the current view:
 * views per second, and a view's time as its tiles' one after another on one connection
 * (tiles per view × a tile's p50).
 */
export async function viewLoad(origin: string, connections: number, seconds: number, nextView: () => { tiles: TileId[]; query: string }) {
  let queue: string[] = [];
  let views = 0;
  const next = () => {
    if (queue.length === 0) {
      const view = nextView();
      queue = view.tiles.map((tile) => tilePath(tile, view.query));
      views++;
    }
    return queue.shift()!;
  };
  const requests = [{ method: 'GET', headers: { 'accept-encoding': 'br, gzip' }, setupRequest: (request: object) => ({ ...request, path: next() }) }];
  await autocannon({ url: origin, connections, duration: 2, requests });
  views = 0;
  const result = await autocannon({ url: origin, connections, duration: seconds, requests });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${failed} tile requests failed: ${JSON.stringify(result.statusCodeStats)}`);
  const tilesPerSecond = result.requests.total / result.duration;
  const tilesPerView = result.requests.total / views;
  return {
    viewsPerSecond: tilesPerSecond / tilesPerView,
    tilesPerSecond,
    tilesPerView,
    p50: result.latency.p50 * tilesPerView,
    tileP50: result.latency.p50,
    tileP99: result.latency.p99,
  };
}

/** The bytes of one view's tiles, as sent Brotli-compressed, and as JSON. */
export async function viewBytes(origin: string, tiles: TileId[], query: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  try {
    const answers = await loadView(agent, origin, tiles, query);
    const counts = answers.map((a) => JSON.parse(a.body) as { alerts: unknown[]; clusters: Array<{ count: number }> });
    return {
      br: answers.reduce((s, a) => s + a.bytes, 0),
      json: answers.reduce((s, a) => s + Buffer.byteLength(a.body), 0),
      alerts: counts.reduce((s, c) => s + c.alerts.length + c.clusters.reduce((n, k) => n + k.count, 0), 0),
      items: counts.reduce((s, c) => s + c.alerts.length + c.clusters.length, 0),
    };
  } finally {
    agent.destroy();
  }
}

/**
 * Supercluster (the in-process index the web app used) over every visible alert, in this
 * process: how long it takes to build, what it holds in memory, and how many views per second
 * one core answers from it (getClusters over the view and its margin, the map's 60-px radius).
 */
export async function measureSupercluster(pool: pg.Pool, views: Array<{ latitude: number; longitude: number }>, zoom: number) {
  const { rows } = await pool.query<{ lon: number; lat: number }>(
    'SELECT ST_X(public_location::geometry) AS lon, ST_Y(public_location::geometry) AS lat FROM alerts WHERE NOT hidden',
  );
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t = performance.now();
  const index = new Supercluster({ radius: 60, extent: 256, maxZoom: 19 });
  index.load(rows.map((r) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [r.lon, r.lat] }, properties: {} })));
  const loadMs = performance.now() - t;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const latencies: number[] = [];
  const started = performance.now();
  for (const centre of views) {
    const tiles = tilesInView(centre, zoom, PHONE_VIEW.width, PHONE_VIEW.height);
    const edges = tiles.map((tile) => tileBounds(tile.z, tile.x, tile.y));
    const bbox: [number, number, number, number] = [
      Math.min(...edges.map((e) => e.west)),
      Math.min(...edges.map((e) => e.south)),
      Math.max(...edges.map((e) => e.east)),
      Math.max(...edges.map((e) => e.north)),
    ];
    const q = performance.now();
    index.getClusters(bbox, zoom);
    latencies.push(performance.now() - q);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { points: rows.length, loadMs, heapMb, viewsPerSecond: views.length / seconds, p50Ms: percentile(latencies, 0.5) };
}
