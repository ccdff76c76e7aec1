/** The app's search cache (see search-cache.ts), emptied on every change the live feed hears of. */
import fp from 'fastify-plugin';
import { SearchCache } from '../search-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    searchCache: SearchCache;
  }
}

export default fp(
  async (app) => {
    const cache = new SearchCache();
    app.feed.onCommit(() => cache.invalidate());
    app.decorate('searchCache', cache);
  },
  { name: 'wildalert-search-cache', dependencies: ['wildalert-live'] },
);
