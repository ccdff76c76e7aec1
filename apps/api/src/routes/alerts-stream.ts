/**
 * GET /Alerts/stream: new alerts in an area as Server-Sent Events, with replay after a
 * reconnect. Open streams are capped per client address and in all, and a stream whose
 * client stops reading is cut before the server holds much for it.
 *
 * The caps are per instance, counted in its memory: what they guard is that instance's sockets,
 * file descriptors and buffers, and an open stream is held by exactly one instance, which
 * releases its place the moment the stream closes (a crash releases them all). A count shared
 * in Redis would outlive the instance that held the streams and need cleaning up after it.
 * With N instances a client may hold N × STREAMS_PER_CLIENT streams in all.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { AlertsStreamQuerySchema, RADIUS_DEFAULT_KM } from '@wildalert/shared';
import type { FastifyRequest } from 'fastify';
import { clientAddress, clientNetwork } from '../http/client-address.ts';
import type { Config } from '../config.ts';
import type { FeedMessage } from '../services/live-service.ts';
import { HttpProblem, problemResponse, problemResponses, rateLimited } from '../http/problem.ts';

/** How long a browser waits before reconnecting. */
const RETRY_MS = 3000;

/**
 * What Node may hold for one stream beyond the kernel's socket buffers (which already take
 * a few MB on their own). A client that reads never gets near it; one that does not is cut
 * here, and when it reconnects with Last-Event-ID the replay gives it what it missed. Times
 * STREAMS_MAX (5000), at most 1.25 GB, and only if every client stops reading at once.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** When a client may try again for another stream. */
const STREAMS_RETRY_AFTER_S = 60;

function toSse(message: FeedMessage) {
  switch (message.kind) {
    case 'added':
      return { id: String(message.id), event: 'alert', data: message.alert };
    case 'changed':
      return { id: String(message.id), event: 'changed', data: message.alert };
    case 'removed':
      return { id: String(message.id), event: 'removed', data: { id: message.alertId } };
    default:
      return { id: String(message.id), event: message.kind, data: {} };
  }
}

/** One event as `text/event-stream` lines; JSON holds no line break, so the data is one line. */
function format(message: FeedMessage): string {
  const { id, event, data } = toSse(message);
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function parseEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

const stream: FastifyPluginAsyncTypebox<{ streams: Config['streams'] }> = async (app, { streams }) => {
  /** Open streams per client address and per network (`a:` and `n:` keys); each is forgotten with its last stream. */
  const held = new Map<string, number>();
  let open = 0;

  /** Takes a place for a new stream, or refuses it; the place is given back once, by `release`. */
  function admit(request: FastifyRequest): () => void {
    const keys = [`a:${clientAddress(request)}`, `n:${clientNetwork(request)}`];
    const [mine = 0, ours = 0] = keys.map((key) => held.get(key) ?? 0);
    if (mine >= streams.perClient) {
      throw rateLimited(
        `Too many live streams from your address (at most ${streams.perClient}). Close one, or try again in ${STREAMS_RETRY_AFTER_S} s.`,
        STREAMS_RETRY_AFTER_S,
      );
    }
    // One network cannot take every place by spreading over its addresses (an IPv6 /48 holds 65,536 /64s).
    if (ours >= streams.perNetwork) {
      throw rateLimited(
        `Too many live streams from your network (at most ${streams.perNetwork}). Try again in ${STREAMS_RETRY_AFTER_S} s.`,
        STREAMS_RETRY_AFTER_S,
      );
    }
    if (open >= streams.max) {
      throw new HttpProblem({
        status: 503,
        detail: `The server has as many live streams open as it can take; try again in ${STREAMS_RETRY_AFTER_S} s.`,
        headers: { 'retry-after': String(STREAMS_RETRY_AFTER_S) },
      });
    }
    for (const key of keys) held.set(key, (held.get(key) ?? 0) + 1);
    open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      open--;
      for (const key of keys) {
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      }
    };
  }

  // HEAD: what a GET would answer, without opening the stream: its status and headers, those
  // @fastify/sse sends but Connection (the client's to choose). Fastify's own HEAD would run
  // the GET's handler, and so open a stream that never ends.
  app.head('/Alerts/stream', { schema: { querystring: AlertsStreamQuerySchema } }, async (request, reply) => {
    admit(request)();
    return reply.header('content-type', 'text/event-stream').header('cache-control', 'no-cache').header('x-accel-buffering', 'no').send();
  });

  app.get(
    '/Alerts/stream',
    {
      sse: { kind: 'manual' },
      // Events must leave at once; a compressor would hold them until its buffer fills.
      compress: false,
      exposeHeadRoute: false,
      schema: {
        tags: ['alerts'],
        operationId: 'streamAlerts',
        summary: 'New alerts in an area, live (Server-Sent Events)',
        description: [
          'A `text/event-stream`. Events: `alert` (data: an Alert, new within the area),',
          '`changed` (data: the Alert as it is now, one the client may already show: a photo added or hidden),',
          '`removed` (data: `{id}`, an alert hidden by moderation), `ready` (the stream is live;',
          'its `id` is where the client stands) and `reset` (the client missed more than can be',
          'replayed and should reload its area). A comment line is sent every 20 s.',
          '',
          `A client reconnecting with \`Last-Event-ID\` (browsers send it by themselves) gets what it`,
          `missed, without gaps or repeats, as long as that is among the last ${app.services.live.replayCapacity}`,
          'events of the last 24 hours; beyond that it gets `reset`. Ids are shared by every',
          'instance on one database, so the client may reconnect to any of them.',
          '',
          `At most ${streams.perClient} open streams per client address and ${streams.perNetwork} per network (else \`429\`), and ${streams.max} in all`,
          '(else `503`), both with `Retry-After`, on each instance serving the API. A client that stops reading is disconnected once',
          `the server holds ${MAX_BUFFERED_BYTES / 1024} KiB for it; on reconnecting it gets what it missed. When that is`,
          `more than ${MAX_BUFFERED_BYTES / 1024} KiB of events, it gets \`reset\` instead.`,
        ].join('\n'),
        querystring: AlertsStreamQuerySchema,
        response: {
          200: {
            description: 'The events, as long as the connection stays open (a HEAD gets the headers only)',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...problemResponses(400),
          429: problemResponse(429, 'Too many open streams from this address, or over the request rate limit; see Retry-After'),
          503: problemResponse(503, 'As many open streams as the server can take, or the database unavailable; see Retry-After'),
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const release = admit(request);
      try {
        // Events committed before this request are the client's to load (GET /Alerts), not news.
        await app.services.live.caughtUp();
      } catch (error) {
        release();
        throw error;
      }
      // Gone while we waited: its close has passed, so nothing would ever unsubscribe it.
      if (!reply.sse.isConnected || request.raw.destroyed) {
        release();
        return;
      }
      reply.sse.keepAlive();

      // Written straight to the response rather than with reply.sse.send(), which, while the
      // socket is full, waits for 'drain' with a new listener per event (hence
      // MaxListenersExceededWarning) and lets unsent events pile up in the heap without end.
      let cut = false;
      const write = (text: string) => {
        if (cut || !reply.sse.isConnected) return;
        reply.sse.sendHeaders();
        reply.raw.write(text);
        if (reply.raw.writableLength > MAX_BUFFERED_BYTES) {
          cut = true;
          request.log.info({ buffered: reply.raw.writableLength }, 'live stream cut: its client does not read');
          // A reset frees the kernel's buffers too; a graceful close would wait for the client to read them.
          reply.raw.socket?.resetAndDestroy();
        }
      };

      // The replay arrives synchronously from subscribe(); more than the client could be
      // sent at once becomes a "reset": the client reloads its area instead.
      let replay: string[] | undefined = [];
      let replayBytes = 0;
      let lastId = 0;
      const send = (message: FeedMessage) => {
        if (!replay) return write(format(message));
        lastId = message.id;
        if (replayBytes > MAX_BUFFERED_BYTES) return;
        const text = format(message);
        replay.push(text);
        replayBytes += Buffer.byteLength(text);
      };
      const subscription = app.services.live.watch(
        { latitude: q.latitude, longitude: q.longitude, radiusKm: q.radius ?? RADIUS_DEFAULT_KM, ...(q.animal ? { animals: q.animal } : {}) },
        parseEventId(request.headers['last-event-id'] ?? q.lasteventid),
        send,
      );
      const replayed = replay;
      replay = undefined;
      // First, how soon the browser should reconnect.
      write(`retry: ${RETRY_MS}\n\n`);
      if (replayBytes > MAX_BUFFERED_BYTES) write(format({ id: lastId, kind: 'reset' }));
      else replayed.forEach(write);

      const end = () => reply.sse.close();
      app.liveStreams.add(end);
      reply.sse.onClose(() => {
        subscription.unsubscribe();
        app.liveStreams.delete(end);
        release();
      });
    },
  );
};

// Still encapsulated (as a plain plugin would be); fastify-plugin only adds the name and the
// dependencies, so that registering it before what it uses fails at start, naming what is missing.
export default fp(stream, {
  name: 'wildalert-alerts-stream-routes',
  dependencies: ['wildalert-services', 'wildalert-errors', 'wildalert-docs'],
  encapsulate: true,
});
