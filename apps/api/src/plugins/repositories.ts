/** The repositories (the SQL), built once on the app's database: `app.alerts`, `app.events`, `app.moderation`, `app.photos`, `app.tiles`, `app.hotspots`, `app.votes`, `app.staff`, `app.audit`, `app.notices`, `app.organisations`, `app.dwca`, `app.features`, `app.verification`, `app.dashboards`; and `app.alertKeys`. */
import fp from 'fastify-plugin';
import { loadAlertKeys, type AlertKeys } from '../repositories/alert-keys.ts';
import { auditRepository, type AuditRepository } from '../repositories/audit-repository.ts';
import { alertsRepository, type AlertsRepository } from '../repositories/alerts-repository.ts';
import { dwcaRepository, type DwcaRepository } from '../repositories/dwca-repository.ts';
import { dashboardRepository, type DashboardRepository } from '../repositories/dashboard-repository.ts';
import { eventsRepository, type EventsRepository } from '../repositories/events-repository.ts';
import { featuresRepository, type FeaturesRepository } from '../repositories/features-repository.ts';
import { hotspotsRepository, type HotspotsRepository } from '../repositories/hotspots-repository.ts';
import { moderationRepository, type ModerationRepository } from '../repositories/moderation-repository.ts';
import { verificationRepository, type VerificationRepository } from '../repositories/verification-repository.ts';
import { noticesRepository, type NoticesRepository } from '../repositories/notices-repository.ts';
import { organisationsRepository, type OrganisationsRepository } from '../repositories/organisations-repository.ts';
import { photosRepository, type PhotosRepository } from '../repositories/photos-repository.ts';
import { staffRepository, type StaffRepository } from '../repositories/staff-repository.ts';
import { tilesRepository, type TilesRepository } from '../repositories/tiles-repository.ts';
import { votesRepository, type VotesRepository } from '../repositories/votes-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsRepository;
    alertKeys: AlertKeys;
    events: EventsRepository;
    moderation: ModerationRepository;
    verification: VerificationRepository;
    photos: PhotosRepository;
    tiles: TilesRepository;
    hotspots: HotspotsRepository;
    votes: VotesRepository;
    staff: StaffRepository;
    audit: AuditRepository;
    notices: NoticesRepository;
    organisations: OrganisationsRepository;
    dwca: DwcaRepository;
    features: FeaturesRepository;
    dashboards: DashboardRepository;
  }
}

export default fp(
  async (app) => {
    const alertKeys = await loadAlertKeys(app.db);
    app.decorate('alertKeys', alertKeys);
    app.decorate('alerts', alertsRepository(app.db));
    app.decorate('events', eventsRepository(app.db));
    app.decorate('moderation', moderationRepository(app.db));
    app.decorate('verification', verificationRepository(app.db));
    app.decorate('photos', photosRepository(app.db, alertKeys));
    app.decorate('tiles', tilesRepository(app.db));
    app.decorate('hotspots', hotspotsRepository(app.db));
    app.decorate('votes', votesRepository(app.db));
    app.decorate('staff', staffRepository(app.db));
    app.decorate('audit', auditRepository(app.db));
    app.decorate('notices', noticesRepository(app.db));
    app.decorate('organisations', organisationsRepository(app.db));
    app.decorate('dwca', dwcaRepository(app.db));
    app.decorate('features', featuresRepository(app.db));
    app.decorate('dashboards', dashboardRepository(app.db));
  },
  { name: 'wildalert-repositories', dependencies: ['wildalert-db'] },
);
