/**
 * The caches of answers (caches/): searches, map tiles, hotspot tiles and the dashboard's views, each kept current by the
 * live feed, which hears of every committed change from any instance (and of changes made
 * around the API, `reset`). Nothing else invalidates them.
 */
import fp from 'fastify-plugin';
import { DashboardCache } from '../caches/dashboard-cache.ts';
import { HotspotCache } from '../caches/hotspot-cache.ts';
import { SearchCache } from '../caches/search-cache.ts';
import { TileCache } from '../caches/tile-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    searchCache: SearchCache;
    tileCache: TileCache;
    hotspotCache: HotspotCache;
    dashboardCache: DashboardCache;
  }
}

export default fp<{ timeZone: string }>(
  async (app, { timeZone }) => {
    const searches = new SearchCache();
    const tiles = new TileCache();
    const hotspots = new HotspotCache((tile, query) => app.hotspots.tile(tile, { ...query, timeZone }));
    const dashboard = new DashboardCache();
    // A commit is heard (NOTIFY) before its event is read; a search answer may change with any event.
    app.feed.onCommit((heard) => {
      searches.invalidate();
      dashboard.invalidate();
      tiles.committed(heard);
    });
    app.feed.onCaughtUp((heard) => tiles.caughtUp(heard));
    app.feed.onEvent((event) => {
      searches.invalidate();
      // A new alert, one hidden, a responder's step (its alert's `changed`): any count may move.
      dashboard.invalidate();
      tiles.eventRead(event.kind === 'removed' ? event.at : event.alert);
      // A correction that moved its published point: the tiles it left change too.
      if (event.kind === 'changed' && event.movedFrom) tiles.eventRead(event.movedFrom);
    });
    // Hotspots count the last 12 months: a new alert changes them little, and they are kept 10 minutes anyway.
    app.feed.onReset(() => {
      tiles.forgetAll();
      hotspots.forgetAll();
      dashboard.invalidate();
    });
    app.decorate('searchCache', searches);
    app.decorate('tileCache', tiles);
    app.decorate('hotspotCache', hotspots);
    app.decorate('dashboardCache', dashboard);
  },
  { name: 'wildalert-caches', dependencies: ['wildalert-live', 'wildalert-repositories'] },
);
