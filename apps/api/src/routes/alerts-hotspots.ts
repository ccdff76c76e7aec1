/**
 * GET /Alerts/hotspots/{z}/{x}/{y}: where and when animals usually show up. A tile's alerts of
 * the last 12 months counted on a 16 × 16 grid, by animal, season and time of day. A year's
 * counts barely move with one new alert, so an answer is kept for minutes, here and in any
 * HTTP cache, and shared by every visitor looking at the same streets with the same filters.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  HOTSPOT_CELL_BITS,
  HOTSPOT_MONTHS,
  HotspotQuerySchema,
  HotspotResponseSchema,
  fieldError,
  hoursOf,
  TILE_SIZE_PX,
  TileParamsSchema,
  type HotspotQuery,
} from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES } from '../problem.ts';
import { animalsKey, tileAnswer, type TileAnswer } from '../tile-cache.ts';
import type { Tile } from '../repositories/tiles-repository.ts';
import { assertTileExists, sendTileAnswer, tileResponses } from './tile-answer.ts';

const KEEP_MS = 10 * 60_000;
const HOTSPOT_CACHE_CONTROL = `public, max-age=${KEEP_MS / 1000}, stale-while-revalidate=3600`;

/** The period's start: 12 months back, to the hour, so that answers within the hour agree. */
function periodStart(now = new Date()): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - HOTSPOT_MONTHS);
  start.setUTCMinutes(0, 0, 0);
  return start;
}

/** Filters that mean the same (animals in any order, the whole day however written) share a key. */
function cacheKey({ z, x, y }: Tile, q: HotspotQuery): string {
  const { from, to } = hoursOf(q.hours);
  return `${z}/${x}/${y}|${animalsKey(q.animal)}|${q.season ?? ''}|${from}-${to}`;
}

const hotspots: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  // Concurrent requests for one key share one query (lru-cache's fetch).
  const answers = new LRUCache<string, TileAnswer, { tile: Tile; query: HotspotQuery }>({
    max: 20_000,
    ttl: KEEP_MS,
    fetchMethod: async (_key, _stale, { context }) =>
      tileAnswer(await app.hotspots.tile(context.tile, { ...context.query, since: periodStart(), timeZone })),
  });
  app.feed.onReset(() => answers.clear());

  app.get(
    '/Alerts/hotspots/:z/:x/:y',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'getAlertsHotspots',
        summary: 'Where and when animals usually show up: a map tile\'s alerts of the last 12 months on a grid',
        description: [
          `The visible alerts of the last ${HOTSPOT_MONTHS} months within a Web-Mercator tile (as \`GET /Alerts/tiles/{z}/{x}/{y}\`),`,
          `at their public location, counted on ${2 ** HOTSPOT_CELL_BITS} × ${2 ** HOTSPOT_CELL_BITS} cells (${TILE_SIZE_PX / 2 ** HOTSPOT_CELL_BITS} pixels of a tile drawn ${TILE_SIZE_PX} wide):`,
          `cell (x, y) is tile (x, y) at zoom z + ${HOTSPOT_CELL_BITS}. Only cells holding alerts are listed.`,
          '',
          'Filters: `animal` (repeat for several), `season`, and `hours`, a time of day in the city\'s time',
          'zone (the server\'s `TIME_ZONE`): `16-21` is 16:00–20:59, `22-4` runs overnight.',
          '',
          `Kept for ${KEEP_MS / 60_000} minutes: \`Cache-Control: ${HOTSPOT_CACHE_CONTROL}\`, with a strong \`ETag\` (\`If-None-Match\` gets \`304\`).`,
        ].join('\n'),
        params: TileParamsSchema,
        querystring: HotspotQuerySchema,
        response: tileResponses(HotspotResponseSchema),
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const tile = request.params;
      assertTileExists(tile);
      const query = request.query;
      const hours = hoursOf(query.hours);
      if (hours.from === hours.to) {
        throw new HttpProblem({
          status: 400,
          detail: `hours ${query.hours} starts and ends at the same hour: the window would hold no time, or all of it. Leave it out for the whole day.`,
          type: PROBLEM_TYPES.validation,
          errors: { hours: [fieldError({ code: 'invalid' })] },
        });
      }
      const answer = await answers.fetch(cacheKey(tile, query), { context: { tile, query } });
      return sendTileAnswer(request, reply, answer!, HOTSPOT_CACHE_CONTROL);
    },
  );
};

export default fp(hotspots, {
  name: 'wildalert-alerts-hotspots-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-query-budget', 'wildalert-docs', 'wildalert-live'],
  encapsulate: true,
});
