/**
 * GET /places: place search ("Where is Zakrzówek?") through the server's geocoder, which the
 * browser never calls itself: its usage policy (pace, User-Agent, cache) holds here for everyone.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PlaceListResponseSchema, PlaceSearchQuerySchema } from '@wildalert/shared';
import { clientAddress } from '../http/client-address.ts';
import { HttpProblem, PROBLEM_TYPES, problemResponses, rateLimited } from '../http/problem.ts';
import { negotiateLanguage } from '../i18n/language.ts';
import { GeocoderBusyError, GeocoderUnavailableError, REST_MS } from '../geocoder/geocoder.ts';

/** A place's name and extent hardly change: browsers and proxies may keep an answer an hour. */
const PLACES_CACHE_CONTROL = 'public, max-age=3600';
const MINUTE = 60_000;
/** Client addresses whose searches are counted; the least recently seen are forgotten first. */
const CLIENTS_REMEMBERED = 100_000;

const places: FastifyPluginAsyncTypebox<{ searchesPerMinute: number }> = async (app, { searchesPerMinute }) => {
  // (`cache` sizes the limit's own store; the types leave it out.)
  const window = { max: searchesPerMinute, timeWindow: MINUTE, cache: CLIENTS_REMEMBERED, keyGenerator: (request: FastifyRequest) => `places-minute:${clientAddress(request)}` };
  const searchesLimit = app.createRateLimit(window);

  app.get(
    '/places',
    {
      schema: {
        tags: ['places'],
        operationId: 'searchPlaces',
        summary: 'Places by name, to move the map to',
        description: [
          "Up to five places named `q` (a place, a street, an address), as the server's geocoder (a",
          "Nominatim-compatible service, GEOCODER_URL) finds them, the best first, named in `lang`. The server",
          'keeps each answer a day; a search it does not keep counts against GEOCODER_SEARCHES_PER_MINUTE per',
          'client address (429), and the geocoder is asked at most once a second: when it is busy, down or slow',
          'the answer is 503 (`/problems/geocoder-unavailable`, with `Retry-After`). 404 when the server has no',
          'geocoder (GEOCODER_URL set empty). Meant for a search a person submits, not for each key pressed.',
        ].join('\n'),
        querystring: PlaceSearchQuerySchema,
        response: { 200: PlaceListResponseSchema, ...problemResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const geocoder = app.geocoder;
      if (!geocoder) throw new HttpProblem({ status: 404, detail: 'This server has no place search (no geocoder is configured).' });
      const q = request.query.q.trim();
      const language = request.query.lang ?? negotiateLanguage(request.headers['accept-language'], 'pl');
      reply.header('vary', 'Accept-Language');
      const kept = geocoder.cached(q, language);
      if (kept) return reply.header('cache-control', PLACES_CACHE_CONTROL).send({ data: kept });
      const allowance = await searchesLimit(request);
      if (!allowance.isAllowed && allowance.isExceeded) {
        throw rateLimited(`Too many place searches from your address (at most ${allowance.max} a minute). Try again in ${Math.max(1, allowance.ttlInSeconds)} s.`, Math.max(1, allowance.ttlInSeconds));
      }
      try {
        const data = await geocoder.search(q, language);
        return reply.header('cache-control', PLACES_CACHE_CONTROL).send({ data });
      } catch (error) {
        if (error instanceof GeocoderBusyError) throw unavailable('The place search is busy; try again in a moment.', error.retryAfterSeconds);
        if (error instanceof GeocoderUnavailableError) {
          request.log.warn({ err: error }, 'geocoder unavailable');
          throw unavailable('The place search does not answer right now; try again in a few seconds.', Math.ceil(REST_MS / 1000));
        }
        throw error;
      }
    },
  );
};

function unavailable(detail: string, retryAfterSeconds: number): HttpProblem {
  return new HttpProblem({ status: 503, detail, type: PROBLEM_TYPES.geocoderUnavailable, headers: { 'retry-after': String(retryAfterSeconds) } });
}

export default fp(places, {
  name: 'wildalert-places-routes',
  dependencies: ['wildalert-errors', 'wildalert-rate-limit', 'wildalert-geocoder', 'wildalert-docs'],
  encapsulate: true,
});
