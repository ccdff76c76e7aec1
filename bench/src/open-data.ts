/**
 * Open data for GIS (group `opendata`): pages of the OGC API – Features items as a client reads
 * them (the first, far down by the next links, within a box), and the map's tiles as Mapbox Vector
 * Tiles beside the JSON ones, as sent with Brotli.
 */
import http from 'node:http';
import { tilesInView } from '@wildalert/shared';
import { percentile } from './flood.ts';
import { KRAKOW } from './seed.ts';
import { get, PHONE_VIEW } from './tiles.ts';

type Figure = (name: string, value: number, unit: string) => void;

const ITEMS = '/ogc/collections/alerts/items';
/** A page of the most a page holds (ITEMS_LIMIT_MAX in apps/api/src/routes/ogc-features.ts). */
const PAGE = 1000;

/** Times `paths` one after another (after one unmeasured request each), in ms, sorted. */
async function times(agent: http.Agent, origin: string, paths: string[]): Promise<number[]> {
  const ms: number[] = [];
  for (const path of paths) {
    await get(agent, origin, path);
    const t = performance.now();
    await get(agent, origin, path);
    ms.push(performance.now() - t);
  }
  return ms.sort((a, b) => a - b);
}

/** The next link's path of an items page. */
function nextPath(body: string): string | undefined {
  const next = (JSON.parse(body) as { links: Array<{ rel: string; href: string }> }).links.find((l) => l.rel === 'next');
  if (next === undefined) return undefined;
  const url = new URL(next.href);
  return `${url.pathname}${url.search}`;
}

export async function benchOpenData(origin: string, name: string, figure: Figure, notes: string[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  try {
    // Items: the first page, then 10 pages further down reached by following next links (keyset), and a box around Kraków.
    const first = `${ITEMS}?limit=${PAGE}`;
    const deep: string[] = [];
    let path: string | undefined = first;
    for (let i = 0; i < 20 && path !== undefined; i++) {
      const page = await get(agent, origin, path);
      if (i >= 10) deep.push(path);
      path = nextPath(page.body);
    }
    const box = `${ITEMS}?limit=${PAGE}&bbox=${KRAKOW.longitude - 0.3},${KRAKOW.latitude - 0.2},${KRAKOW.longitude + 0.3},${KRAKOW.latitude + 0.2}`;
    figure(`${name}.items_1000_p50_ms`, percentile(await times(agent, origin, Array(10).fill(first)), 0.5), 'ms');
    figure(`${name}.items_1000_deep_p50_ms`, percentile(await times(agent, origin, deep), 0.5), 'ms');
    figure(`${name}.items_1000_bbox_p50_ms`, percentile(await times(agent, origin, Array(10).fill(box)), 0.5), 'ms');

    // Tiles: a phone's view over Kraków at each zoom, JSON against MVT, as sent with Brotli.
    const perZoom: string[] = [];
    let json = 0;
    let mvt = 0;
    for (const zoom of [9, 11, 13, 15, 17]) {
      const tiles = tilesInView(KRAKOW, zoom, PHONE_VIEW.width, PHONE_VIEW.height);
      const sent = async (suffix: string) => {
        const answers = await Promise.all(tiles.map((t) => get(agent, origin, `/Alerts/tiles/${t.z}/${t.x}/${t.y}${suffix}`, {}, true)));
        return answers.reduce((sum, a) => sum + a.bytes, 0);
      };
      const [j, m] = [await sent(''), await sent('.mvt')];
      json += j;
      mvt += m;
      perZoom.push(`z${zoom} ${(j / 1000).toFixed(1)} / ${(m / 1000).toFixed(1)} kB`);
    }
    figure(`${name}.tiles_view_json_br_kb`, json / 1000, 'KB');
    figure(`${name}.tiles_view_mvt_br_kb`, mvt / 1000, 'KB');
    figure(`${name}.tiles_view_mvt_over_json`, mvt / json, '×');
    notes.push(
      `${name}.items: ${PAGE} features a page, 10 requests each after one unmeasured: the first page, pages 11 to 20 by next links, a 0.6° × 0.4° box around Kraków. ` +
        `${name}.tiles_view: a 360×640 view over Kraków, all time, JSON / MVT as sent with Brotli (tiles under 1 kB uncompressed), the sum over zooms 9–17: ${perZoom.join('; ')}.`,
    );
  } finally {
    agent.destroy();
  }
}
