/**
 * What the routes of map tiles share (alerts-tiles.ts, alerts-hotspots.ts): a tile that does
 * not exist is a 400 problem, and an answer is sent compressed once, with a strong ETag, and
 * as a 304 to a client that has it already.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../problem.ts';
import { encodedBody, etagOf, matchesEtag, type TileAnswer, type TileEncoding } from '../tile-cache.ts';

/** The answers a tile route declares: its body, 304 to a matching If-None-Match, and 400. */
export const tileResponses = <T>(ok: T) => ({
  200: ok,
  304: { description: 'Unchanged since the ETag given in If-None-Match', type: 'null' } as const,
  ...problemResponses(400),
});

/** x and y go from 0 to 2^z − 1 (the schema checks z and that they are not negative). */
export function assertTileExists(tile: { z: number; x: number; y: number }): void {
  const side = 2 ** tile.z;
  if (tile.x < side && tile.y < side) return;
  const outside = [fieldError({ code: 'too_large', limit: side - 1 })];
  throw new HttpProblem({
    status: 400,
    detail: `There is no tile ${tile.z}/${tile.x}/${tile.y}: at zoom ${tile.z}, x and y go from 0 to ${side - 1}.`,
    type: PROBLEM_TYPES.validation,
    errors: { ...(tile.x >= side ? { x: outside } : {}), ...(tile.y >= side ? { y: outside } : {}) },
  });
}

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

export async function sendTileAnswer(request: FastifyRequest, reply: FastifyReply, answer: TileAnswer, cacheControl: string) {
  const { encoding, body } = encodedBody(answer, acceptedEncoding(request.headers['accept-encoding']));
  reply.header('etag', etagOf(answer, encoding)).header('cache-control', cacheControl);
  // Content-Type first: it tells the compression plugin to add Vary: Accept-Encoding, also to a 304.
  reply.type('application/json; charset=utf-8');
  if (matchesEtag(request.headers['if-none-match'], answer)) return reply.code(304).send(null);
  // Compressed already: the compression plugin leaves an answer with a Content-Encoding alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send((await body) as never);
}
