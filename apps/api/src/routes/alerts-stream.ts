/** GET /Alerts/stream: new alerts in an area as Server-Sent Events, with replay after a reconnect. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlertsStreamQuerySchema, ProblemSchema } from '@wildalert/shared';
import type { FeedMessage } from '../live/alert-feed.ts';
import { REPLAY_CAPACITY } from '../live/alert-feed.ts';

/** How long a browser waits before reconnecting. */
const RETRY_MS = 3000;

function toSse(message: FeedMessage) {
  switch (message.kind) {
    case 'added':
      return { id: String(message.id), event: 'alert', data: message.alert };
    case 'removed':
      return { id: String(message.id), event: 'removed', data: { id: message.alertId } };
    default:
      return { id: String(message.id), event: message.kind, data: {} };
  }
}

function parseEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

const stream: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Alerts/stream',
    {
      sse: { kind: 'manual' },
      schema: {
        tags: ['alerts'],
        summary: 'New alerts in an area, live (Server-Sent Events)',
        description: [
          'A `text/event-stream`. Events: `alert` (data: an Alert, new within the area),',
          '`removed` (data: `{id}`, an alert hidden by moderation), `ready` (the stream is live;',
          'its `id` is where the client stands) and `reset` (the client missed more than can be',
          'replayed and should reload its area). A comment line is sent every 20 s.',
          '',
          `A client reconnecting with \`Last-Event-ID\` (browsers send it by themselves) gets what it`,
          `missed, without gaps or repeats, as long as that is among the last ${REPLAY_CAPACITY}`,
          'events of the last 24 hours; beyond that it gets `reset`. Ids are shared by every',
          'instance on one database, so the client may reconnect to any of them.',
        ].join('\n'),
        querystring: AlertsStreamQuerySchema,
        response: { 400: ProblemSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      reply.sse.keepAlive();
      let first = true;
      const send = (message: FeedMessage) => {
        if (!reply.sse.isConnected) return;
        // The first message also tells the browser how soon to reconnect.
        const retry = first ? { retry: RETRY_MS } : {};
        first = false;
        void reply.sse.send({ ...toSse(message), ...retry }).catch(() => {});
      };
      // Events committed before this request are the client's to load (GET /Alerts), not news.
      await app.feed.sync();
      const subscription = app.feed.subscribe(
        { latitude: q.latitude, longitude: q.longitude, radiusKm: q.radius, ...(q.animal ? { animals: q.animal } : {}) },
        parseEventId(request.headers['last-event-id'] ?? q.lasteventid),
        send,
      );
      const end = () => reply.sse.close();
      app.liveStreams.add(end);
      reply.sse.onClose(() => {
        subscription.unsubscribe();
        app.liveStreams.delete(end);
      });
    },
  );
};

export default stream;
