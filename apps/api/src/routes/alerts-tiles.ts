/**
 * GET /Alerts/tiles/{z}/{x}/{y}: the alerts of one map tile, clustered when many. The map asks
 * for the tiles it shows, so visitors looking at the same streets ask the same URLs, and any
 * HTTP cache (the browser's, a CDN) can answer them for a while and then revalidate with the ETag.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { TILE_CELL_BITS, TILE_SIZE_PX, TileParamsSchema, TileQuerySchema, TileResponseSchema } from '@wildalert/shared';
import { assertTileExists, MVT_MEDIA_TYPE, sendTileAnswer, tileResponses } from '../http/tile-answer.ts';
import { MVT_EXTENT, MVT_LAYERS } from '../http/tile-mvt.ts';

/**
 * Fresh for 10 s in any cache, then served stale for up to a minute while one request
 * revalidates (304 when unchanged): open maps learn of changes from the live stream meanwhile.
 */
const TILE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

const tiles: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Alerts/tiles/:z/:x/:y',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'getAlertsTile',
        summary: 'The alerts of one map tile, clustered when many',
        description: [
          'The visible alerts within a Web-Mercator tile (OpenStreetMap\'s z/x/y scheme: it holds',
          'west ≤ longitude < east and south < latitude ≤ north), at their public location, with the',
          '`animal` and `since` filters of `GET /Alerts`.',
          '',
          `The tile is cut into ${2 ** TILE_CELL_BITS} × ${2 ** TILE_CELL_BITS} cells (64 pixels of a tile drawn ${TILE_SIZE_PX} wide): an alert alone in`,
          'its cell is answered as `GET /Alerts` shows it, in `alerts`; two or more are a cluster, with their',
          'mean point, their exact count and their count per animal. Counts are exact whatever the number',
          'of alerts, so an answer stays small at any zoom.',
          '',
          `Cacheable by anyone: \`Cache-Control: ${TILE_CACHE_CONTROL}\` and a strong \`ETag\` (the`,
          'answer\'s hash), so `If-None-Match` gets `304` while the tile is unchanged. The live stream',
          '(`GET /Alerts/stream`) tells open maps of changes in between. The ETag names the content',
          'coding too (`-br`, `-gz`); `If-None-Match` with any of them matches the same answer.',
        ].join('\n'),
        params: TileParamsSchema,
        querystring: TileQuerySchema,
        response: tileResponses(TileResponseSchema),
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const tile = request.params;
      assertTileExists(tile);
      return sendTileAnswer(request, reply, await app.services.mapTiles.alerts(tile, request.query), TILE_CACHE_CONTROL);
    },
  );

  // The same tiles for GIS tools and vector maps (QGIS's "Vector Tiles" connection, MapLibre).
  app.get(
    '/Alerts/tiles/:z/:x/:y.mvt',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'getAlertsVectorTile',
        summary: 'The alerts of one map tile as a Mapbox Vector Tile',
        description: [
          'The answer of `GET /Alerts/tiles/{z}/{x}/{y}` (same tile, filters, public points, clusters,',
          `caching and ETags) as a Mapbox Vector Tile 2.1, extent ${MVT_EXTENT}, in two point layers:`,
          '',
          `- \`${MVT_LAYERS.alerts}\`: each alert alone in its cell, with the fields of an alert as properties, flattened`,
          '  as `GET /Alerts.csv` does: `photos` the larger copies\' addresses separated by spaces, `street` and',
          '  `district`, `officialStatus`, `officialStatusOrganisation` (its Polish name), `officialStatusAt`,',
          '  `officialStatusOutcome`, `officialStatusNote`; a field without a value is left out.',
          `- \`${MVT_LAYERS.clusters}\`: each cell of two or more alerts at their mean point, with \`count\`, \`spot\`,`,
          '  and one property per animal key (`boar`, `fox`…) holding its count.',
        ].join('\n'),
        params: TileParamsSchema,
        querystring: TileQuerySchema,
        response: tileResponses({
          description: 'A Mapbox Vector Tile (protocol buffers)',
          content: { [MVT_MEDIA_TYPE]: { schema: Type.Unsafe({ type: 'string', format: 'binary' }) } },
        }),
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const tile = request.params;
      assertTileExists(tile);
      return sendTileAnswer(request, reply, await app.services.mapTiles.alertsMvt(tile, request.query), TILE_CACHE_CONTROL, MVT_MEDIA_TYPE);
    },
  );
};

export default fp(tiles, {
  name: 'wildalert-alerts-tiles-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-query-budget', 'wildalert-docs'],
  encapsulate: true,
});
