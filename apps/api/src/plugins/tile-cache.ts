/** The app's tile cache (see tile-cache.ts), told of every change the live feed hears of. */
import fp from 'fastify-plugin';
import { TileCache } from '../tile-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tileCache: TileCache;
  }
}

export default fp(
  async (app) => {
    const cache = new TileCache();
    app.feed.onCommit(() => cache.committed());
    app.feed.onReset(() => cache.forgetAll());
    app.feed.onEvent((event) => cache.eventRead(event.kind === 'removed' ? event.at : event.alert));
    app.decorate('tileCache', cache);
  },
  { name: 'wildalert-tile-cache', dependencies: ['wildalert-live'] },
);
