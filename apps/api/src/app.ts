/** Builds the WildAlert application (API and web app) as a Fastify instance; server.ts only starts it. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { trustedProxies } from './http/client-address.ts';
import { requestSerializer } from './http/request-log.ts';
import type { Config } from './config.ts';
import db from './plugins/db.ts';
import docs from './plugins/docs.ts';
import staffAuth from './plugins/staff-auth.ts';
import compression from './plugins/compression.ts';
import errors, { clientErrorHandler, handleError } from './plugins/errors.ts';
import live from './plugins/live.ts';
import push from './plugins/push.ts';
import webhooks from './plugins/webhooks.ts';
import email from './plugins/email.ts';
import monthlyReports from './plugins/monthly-reports.ts';
import monthlyReportRoutes from './routes/monthly-report.ts';
import geocoder from './plugins/geocoder.ts';
import places from './routes/places.ts';
import queryBudget from './plugins/query-budget.ts';
import caches from './plugins/caches.ts';
import { recordRoutes } from './plugins/method-not-allowed.ts';
import rateLimit from './plugins/rate-limit.ts';
import repositories from './plugins/repositories.ts';
import securityHeaders from './plugins/security-headers.ts';
import shutdown from './plugins/shutdown.ts';
import web from './plugins/web.ts';
import alerts from './routes/alerts.ts';
import photos from './routes/photos.ts';
import photoStorage from './plugins/photo-storage.ts';
import services from './plugins/services.ts';
import alertsFeed from './routes/alerts-feed.ts';
import alertsSpreadsheet from './routes/alerts-spreadsheet.ts';
import alertsStream from './routes/alerts-stream.ts';
import alertsHotspots from './routes/alerts-hotspots.ts';
import alertsDwca from './routes/alerts-dwca.ts';
import alertVotes from './routes/alert-votes.ts';
import contacts from './routes/contacts.ts';
import notices from './routes/notices.ts';
import { loadContacts } from './repositories/contacts-table.ts';
import { loadAreas } from './repositories/areas-file.ts';
import dashboard from './routes/dashboard.ts';
import organisations from './routes/organisations.ts';
import inbox from './routes/inbox.ts';
import alertsTiles from './routes/alerts-tiles.ts';
import ogcFeatures from './routes/ogc-features.ts';
import animals from './routes/animals.ts';
import health from './routes/health.ts';
import staffAccount from './routes/staff-account.ts';
import staffAdmin from './routes/staff-admin.ts';
import staffInvites from './routes/staff-invites.ts';
import staffSignIn from './routes/staff-sign-in.ts';
import moderation from './routes/moderation.ts';
import pushSubscriptions from './routes/push-subscriptions.ts';
import emailSubscriptions from './routes/email-subscriptions.ts';
import staffWebhooks from './routes/staff-webhooks.ts';
import { parseQueryString, refuseUndeclaredBody, validatorCompiler } from './http/validation.ts';

const BODY_LIMIT = 16 * 1024;

/**
 * Connection limits against slow or idle clients. A request's headers must arrive within
 * 5 s and the whole request within 10 s (checked every second). An idle keep-alive
 * connection is kept 65 s, longer than the usual reverse proxy's 60 s, so a proxy never
 * reuses a connection the server is closing; a connection silent for 75 s is dropped.
 */
export const TIMEOUTS = { headersMs: 5_000, requestMs: 10_000, keepAliveMs: 65_000, idleMs: 75_000 } as const;

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface AppOptions {
  /** The built web app; defaults to apps/web/dist. */
  webDir?: string;
  /** The clock of the scheduled work (the monthly reports): tests set "the 1st, 06:00". */
  now?: () => Date;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // Read before anything opens: a bad file stops the start with a message naming it.
  const contactTable = loadContacts(config.contactsFile);
  const areas = loadAreas(config.dashboard.areasFile);
  const app = Fastify({
    // The staff's query strings stay out of the log: the single sign-on's code and state ride in one.
    logger: { level: config.logLevel, serializers: { req: requestSerializer } },
    bodyLimit: BODY_LIMIT,
    trustProxy: trustedProxies(config.trustProxy),
    requestTimeout: TIMEOUTS.requestMs,
    keepAliveTimeout: TIMEOUTS.keepAliveMs,
    connectionTimeout: TIMEOUTS.idleMs,
    http: { headersTimeout: TIMEOUTS.headersMs, connectionsCheckingInterval: 1_000 },
    // The shutdown plugin answers those with a problem.
    return503OnClosing: false,
    // Creating the embedded database or migrating a large one can outlast the default 10 s,
    // more so on a busy host.
    pluginTimeout: 120_000,
    clientErrorHandler,
    routerOptions: { querystringParser: parseQueryString },
    // Refuse prototype-pollution keys in JSON bodies outright.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('preValidation', refuseUndeclaredBody);
  // JSON only: a text/plain body is refused with 415 rather than parsed.
  app.removeContentTypeParser('text/plain');

  await app.register(errors);
  await app.register(shutdown);
  // Before every route: it hooks into each route as it is added.
  await app.register(compression);
  const addMethodNotAllowed = recordRoutes(app);
  await app.register(securityHeaders, { tileUrl: config.tileUrl, embedFrameAncestors: config.embedFrameAncestors });
  // Any origin may read and write what a visitor may: without credentials. The staff's session
  // cookie is SameSite=Lax (no other site's request carries it) and no CORS answer allows
  // credentials, and every signed-in write needs the X-CSRF-Token header besides.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Idempotency-Key', 'Alert-Key', 'Authorization'],
    exposedHeaders: [
      'Location',
      'Alert-Key',
      'Retry-After',
      'Idempotent-Replayed',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ],
    maxAge: 86400,
    // A plain OPTIONS (no preflight headers) is answered 204 too, rather than with a text/plain 400.
    strictPreflight: false,
  });
  await app.register(rateLimit, { limits: config.rateLimit, redisUrl: config.redisUrl });
  await app.register(queryBudget, { budget: config.queryBudget });
  await app.register(docs, { version });
  await app.register(db, { config });
  await app.register(repositories);
  await app.register(staffAuth, { staff: config.staff });
  await app.register(live);
  await app.register(push, { config: config.push });
  await app.register(webhooks, { config: config.webhooks });
  await app.register(email, { config: config.email, timeZone: config.timeZone });
  await app.register(caches, { timeZone: config.timeZone });
  await app.register(geocoder, { config: config.geocoder });
  await app.register(photoStorage, { photos: config.photos });
  await app.register(services, {
    photoDecodes: config.photoDecodes,
    votesPerDay: config.votesPerNetworkPerDay,
    timeZone: config.timeZone,
    contacts: contactTable,
    cityCentre: config.cityCentre,
    areas: { file: config.dashboard.areasFile, features: areas },
  });
  await app.register(monthlyReports, { timeZone: config.timeZone, now: options.now ?? (() => new Date()) });
  await app.register(alerts);
  await app.register(photos);
  await app.register(alertsFeed, { timeZone: config.timeZone });
  await app.register(alertsSpreadsheet, { timeZone: config.timeZone });
  await app.register(alertsStream, { streams: config.streams });
  await app.register(alertsTiles);
  await app.register(ogcFeatures);
  await app.register(alertsHotspots);
  await app.register(alertsDwca, { dwca: config.dwca, timeZone: config.timeZone });
  await app.register(moderation);
  await app.register(staffSignIn, { sso: config.sso });
  await app.register(staffInvites);
  await app.register(staffAccount);
  await app.register(staffAdmin);
  await app.register(staffWebhooks);
  await app.register(alertVotes, { perDay: config.votesPerNetworkPerDay });
  await app.register(notices);
  await app.register(contacts);
  await app.register(organisations);
  await app.register(monthlyReportRoutes);
  await app.register(inbox, { streams: config.streams });
  await app.register(dashboard, { publicDashboard: config.dashboard.public, areas });
  await app.register(pushSubscriptions);
  await app.register(emailSubscriptions);
  await app.register(animals);
  await app.register(places, { searchesPerMinute: config.geocoder?.searchesPerMinute ?? 1 });
  await app.register(health, { version });
  await app.register(web, {
    webDir: options.webDir ?? DEFAULT_WEB_DIR,
    runtimeConfig: {
      tileUrl: config.tileUrl,
      emailAlerts: config.email !== undefined,
      placeSearch: config.geocoder !== undefined,
      publicDashboard: config.dashboard.public,
    },
  });
  await app.after();
  addMethodNotAllowed();
  return app;
}
