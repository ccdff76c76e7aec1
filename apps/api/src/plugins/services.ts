/**
 * `app.services`: where every change to an alert happens (services/): each write runs in its
 * service, which owns the transaction (through the repositories) and publishes the change once
 * committed. Routes validate, call one service, and map its errors. Also the minute's sweep of
 * failed photo uploads' copies, and at a start with no organisations, their seed (CONTACTS_FILE).
 */
import fp from 'fastify-plugin';
import type { ContactEntry } from '@wildalert/shared';
import type { Config } from '../config.ts';
import { alertChanges } from '../services/alert-changes.ts';
import { alertsService, type AlertsService } from '../services/alerts-service.ts';
import { dashboardService, type DashboardService } from '../services/dashboard-service.ts';
import type { AreaFeature } from '../repositories/areas-file.ts';
import { inboxService, type InboxService } from '../services/inbox-service.ts';
import { liveService, type LiveService } from '../services/live-service.ts';
import { mapTilesService, type MapTilesService } from '../services/map-tiles-service.ts';
import { moderationService, type ModerationService } from '../services/moderation-service.ts';
import { noticesService, type NoticesService } from '../services/notices-service.ts';
import { organisationsService, type OrganisationsService } from '../services/organisations-service.ts';
import { photosService, type PhotosService } from '../services/photos-service.ts';
import { votesService, type VotesService } from '../services/votes-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      alerts: AlertsService;
      votes: VotesService;
      moderation: ModerationService;
      photos: PhotosService;
      live: LiveService;
      mapTiles: MapTilesService;
      notices: NoticesService;
      organisations: OrganisationsService;
      inbox: InboxService;
      dashboard: DashboardService;
    };
  }
}

/** How often the copies of failed uploads are looked for: they cost only space meanwhile. */
const SWEEP_MS = 60_000;

export default fp<{
  photoDecodes: Config['photoDecodes'];
  votesPerDay: number;
  timeZone: string;
  contacts: readonly ContactEntry[];
  cityCentre: Config['cityCentre'];
  areas: { file: string; features: readonly AreaFeature[] };
}>(
  async (app, { photoDecodes, votesPerDay, timeZone, contacts, cityCentre, areas }) => {
    const changes = alertChanges(app.feed);
    const organisations = organisationsService({ organisations: app.organisations, timeZone });
    const inbox = inboxService({ organisations: app.organisations, changes, feed: app.feed });
    const seeded = await organisations.seed(contacts);
    // AREAS_FILE and TIME_ZONE at every start: the dashboard counts in the areas and days the operator gives now.
    await app.dashboards.prepare(areas.features, areas.file, timeZone);
    if (seeded > 0) app.log.info({ organisations: seeded }, 'organisations copied from CONTACTS_FILE (a first start); from now on they live in the database');
    const photos = photosService({ photos: app.photos, changes, storage: app.photoStorage, decodes: photoDecodes, log: app.log });
    app.decorate('services', {
      alerts: alertsService({ alerts: app.alerts, alertKeys: app.alertKeys, searchCache: app.searchCache, changes, route: inbox.routeInTransaction, cityCentre }),
      votes: votesService({ votes: app.votes, changes, perDay: votesPerDay }),
      moderation: moderationService({ moderation: app.moderation, verification: app.verification, changes }),
      photos,
      live: liveService(app.feed),
      mapTiles: mapTilesService({ tiles: app.tiles, tileCache: app.tileCache, hotspotCache: app.hotspotCache }),
      notices: noticesService({ notices: app.notices, kickPush: () => app.push.delivery.kick() }),
      organisations,
      inbox,
      dashboard: dashboardService({ repository: app.dashboards, cache: app.dashboardCache, timeZone }),
    });

    let sweeping: Promise<void> | undefined;
    const sweep = () => {
      sweeping ??= photos
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'cleaning up after failed photo uploads failed; trying again later'))
        .finally(() => (sweeping = undefined));
    };
    const timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'wildalert-services', dependencies: ['wildalert-repositories', 'wildalert-live', 'wildalert-caches', 'wildalert-photo-storage', 'wildalert-push'] },
);
