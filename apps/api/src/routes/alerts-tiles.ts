/**
 * GET /Alerts/tiles/{z}/{x}/{y}: the alerts of one map tile, clustered when many. The map asks
 * for the tiles it shows, so visitors looking at the same streets ask the same URLs, and any
 * HTTP cache (the browser's, a CDN) can answer them for a while and then revalidate with the ETag.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { TILE_CELL_BITS, TILE_SIZE_PX, TileParamsSchema, TileQuerySchema, TileResponseSchema, fieldError } from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../problem.ts';
import { encodedBody, etagOf, matchesEtag, type TileEncoding } from '../tile-cache.ts';

/**
 * Fresh for 10 s in any cache, then served stale for up to a minute while one request
 * revalidates (304 when unchanged): open maps learn of changes from the live stream meanwhile.
 */
const TILE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

/** Brotli when the client takes it, else gzip, else none (q=0 refuses a coding). */
function acceptedEncoding(header: string | undefined): TileEncoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(?:\.0*)?$/.test(q))
      .map(([coding]) => coding),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('*') ? 'gzip' : 'identity';
}

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
        response: {
          200: TileResponseSchema,
          304: { description: 'Unchanged since the ETag given in If-None-Match', type: 'null' },
          ...problemResponses(400),
        },
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const tile = request.params;
      const side = 2 ** tile.z;
      if (tile.x >= side || tile.y >= side) {
        const outside = [fieldError({ code: 'too_large', limit: side - 1 })];
        throw new HttpProblem({
          status: 400,
          detail: `There is no tile ${tile.z}/${tile.x}/${tile.y}: at zoom ${tile.z}, x and y go from 0 to ${side - 1}.`,
          type: PROBLEM_TYPES.validation,
          errors: { ...(tile.x >= side ? { x: outside } : {}), ...(tile.y >= side ? { y: outside } : {}) },
        });
      }
      const query = request.query;
      const answer = await app.tileCache.get(tile, query, () => app.tiles.tile(tile, query));
      const { encoding, body } = encodedBody(answer, acceptedEncoding(request.headers['accept-encoding']));
      reply.header('etag', etagOf(answer, encoding)).header('cache-control', TILE_CACHE_CONTROL);
      // Content-Type first: it tells the compression plugin to add Vary: Accept-Encoding, also to a 304.
      reply.type('application/json; charset=utf-8');
      if (matchesEtag(request.headers['if-none-match'], answer)) return reply.code(304).send(null);
      // Compressed already: the compression plugin leaves an answer with a Content-Encoding alone.
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send((await body) as never);
    },
  );
};

export default fp(tiles, {
  name: 'wildalert-alerts-tiles-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-tile-cache', 'wildalert-query-budget', 'wildalert-docs'],
  encapsulate: true,
});
