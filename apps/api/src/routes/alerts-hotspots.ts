/**
 * GET /Alerts/hotspots/{z}/{x}/{y}: where and when animals usually show up. A tile's alerts of
 * the last 12 months counted on a 16 × 16 grid, by animal, season and time of day. A year's
 * counts barely move with one new alert, so an answer is kept for minutes, here and in any
 * HTTP cache, and shared by every visitor looking at the same streets with the same filters.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import {
  HOTSPOT_CELL_BITS,
  HOTSPOT_MONTHS,
  HotspotQuerySchema,
  HotspotResponseSchema,
  fieldError,
  hoursOf,
  TILE_SIZE_PX,
  TileParamsSchema,
} from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES } from '../http/problem.ts';
import { assertTileExists, sendTileAnswer, tileResponses } from '../http/tile-answer.ts';

const hotspots: FastifyPluginAsyncTypebox = async (app) => {
  const cacheControl = `public, max-age=${app.services.mapTiles.hotspotsKeepMs / 1000}, stale-while-revalidate=3600`;
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
          `Kept for ${app.services.mapTiles.hotspotsKeepMs / 60_000} minutes: \`Cache-Control: ${cacheControl}\`, with a strong \`ETag\` (\`If-None-Match\` gets \`304\`).`,
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
      return sendTileAnswer(request, reply, await app.services.mapTiles.hotspots(tile, query), cacheControl);
    },
  );
};

export default fp(hotspots, {
  name: 'wildalert-alerts-hotspots-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-query-budget', 'wildalert-docs'],
  encapsulate: true,
});
