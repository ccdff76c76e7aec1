/**
 * Compressed answers (@fastify/compress): Brotli or gzip, as the client's Accept-Encoding
 * asks, for answers of 1 KB or more. The web app's files come compressed already (built
 * beside them, sent by plugins/web.ts) and pass through untouched; the live stream is never
 * compressed, since a compressor holds events back until its buffer fills.
 */
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import zlib from 'node:zlib';

/** Text a compressor shrinks: JSON of every kind (problem+json, geo+json), CSV, HTML, JavaScript… never the event stream. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json\b|application\/javascript\b|image\/svg\+xml\b)/;

export default fp(
  async (app) => {
    await app.register(compress, {
      // No zstd, deflate: br (every current browser) and gzip (every client) are enough.
      encodings: ['br', 'gzip'],
      threshold: 1024,
      customTypes: COMPRESSIBLE,
      // Quality 4: most of Brotli's gain at a small cost per answer (11 is for the build).
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      // Answers only. A request body is read as sent: 16 KiB of gzip could inflate to megabytes.
      globalDecompression: false,
    });
    // A HEAD answers what its GET would send (RFC 9110 §9.3.2), Content-Encoding and length
    // included. Fastify's HEAD routes end their onSend hooks with one that drops the body, and
    // the compressor's hook was appended after it, so it found no body to compress: it moves
    // to the end again. (Tested: test/compression.pglite.test.ts.)
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD' || !Array.isArray(route.onSend)) return;
      const dropBody = route.onSend.findIndex((hook) => hook.name === 'headRouteOnSendHandler');
      if (dropBody >= 0) route.onSend.push(...route.onSend.splice(dropBody, 1));
    });
    // A cache must not hand a compressed answer to a client that did not ask for one, nor keep
    // an uncompressed one for those that did: every compressible answer says it varies.
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
      const vary = reply.getHeader('vary');
      const listed = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).toLowerCase();
      if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/.test(listed)) {
        reply.header('vary', listed ? `${vary}, accept-encoding` : 'accept-encoding');
      }
      return payload;
    });
  },
  { name: 'compression' },
);
