/**
 * A map tile's answer as HTTP sends it, shared by the tile routes (routes/alerts-tiles.ts,
 * routes/alerts-hotspots.ts) and kept by their caches: a tile that does not exist is a 400
 * problem, and an answer is compressed once per encoding, sent with a strong ETag, and as a 304
 * to a client that has it already.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from './problem.ts';

/** How a tile is sent: as the client accepts, compressed once per answer rather than per request. */
export type TileEncoding = 'br' | 'gzip' | 'identity';

export interface TileAnswer {
  /** JSON text, or a Mapbox Vector Tile's bytes. */
  body: string | Uint8Array;
  /** The body's hash: equal answers from any instance share it. */
  hash: string;
  /** The body as sent in each encoding, made when first asked for. */
  encoded: Partial<Record<TileEncoding, Promise<Buffer>>>;
}

/** Below this, compressing gains nothing (as plugins/compression.ts's threshold). */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The body in an encoding; the work is done once per answer and encoding. */
function encodedBody(answer: TileAnswer, encoding: TileEncoding): { encoding: TileEncoding; body: Promise<Buffer> } {
  const chosen = Buffer.byteLength(answer.body) < COMPRESS_FROM_BYTES ? 'identity' : encoding;
  answer.encoded[chosen] ??=
    chosen === 'br'
      ? brotli(answer.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
      : chosen === 'gzip'
        ? gzip(answer.body, { level: 9 })
        : Promise.resolve(typeof answer.body === 'string' ? Buffer.from(answer.body) : Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
  return { encoding: chosen, body: answer.encoded[chosen] };
}

/**
 * A strong validator for each representation (RFC 9110 §8.8.3): the body's hash, with the
 * content coding, so that a cache never takes one encoding's bytes for another's.
 */
const etagOf = (answer: TileAnswer, encoding: TileEncoding) =>
  `"${answer.hash}${encoding === 'identity' ? '' : `-${encoding === 'br' ? 'br' : 'gz'}`}"`;

/**
 * Whether an If-None-Match header names this answer, in any encoding (the client asks again
 * with the ETag it got; a 304 then says its copy is this body).
 */
function matchesEtag(header: string | undefined, answer: TileAnswer): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/-(?:br|gz)"$/, '"') === `"${answer.hash}"`);
}

/** An answer to keep and send: its body, its hash for the ETag, no encoding made yet. */
export const tileAnswer = (body: string | Uint8Array): TileAnswer => ({ body, hash: createHash('sha256').update(body).digest('base64url').slice(0, 32), encoded: {} });

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

/** The media type of the map's tiles as JSON; a Mapbox Vector Tile's is MVT_MEDIA_TYPE. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A Mapbox Vector Tile (protocol buffers), as registered with IANA. */
export const MVT_MEDIA_TYPE = 'application/vnd.mapbox-vector-tile';

export async function sendTileAnswer(request: FastifyRequest, reply: FastifyReply, answer: TileAnswer, cacheControl: string, contentType = JSON_CONTENT_TYPE) {
  const { encoding, body } = encodedBody(answer, acceptedEncoding(request.headers['accept-encoding']));
  reply.header('etag', etagOf(answer, encoding)).header('cache-control', cacheControl);
  // Content-Type first: it tells the compression plugin to add Vary: Accept-Encoding, also to a 304.
  reply.type(contentType);
  if (matchesEtag(request.headers['if-none-match'], answer)) return reply.code(304).send(null);
  // Compressed already: the compression plugin leaves an answer with a Content-Encoding alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send((await body) as never);
}
