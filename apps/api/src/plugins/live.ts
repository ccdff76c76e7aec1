/** The live feed (see live/alert-feed.ts), started with the app; its streams end before the server closes. */
import fp from 'fastify-plugin';
import sse from '@fastify/sse';
import { AlertFeed } from '../live/alert-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    feed: AlertFeed;
    /** Ends every open event stream (on shutdown). */
    liveStreams: Set<() => void>;
  }
}

/** Comment lines keep idle connections (and proxies in between) from timing out. */
const HEARTBEAT_MS = 20_000;

export default fp(
  async (app) => {
    await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });
    const feed = new AlertFeed(app.db, app.events, app.log);
    await feed.start();
    app.decorate('feed', feed);
    app.decorate('liveStreams', new Set<() => void>());
    // Open streams would keep the server from closing: end them first. Clients reconnect
    // (to another instance, or to this one when it is back) with Last-Event-ID.
    app.addHook('preClose', async () => {
      for (const end of app.liveStreams) end();
      await feed.stop();
    });
  },
  { name: 'wildalert-live', dependencies: ['wildalert-db', 'wildalert-repositories'] },
);
