/** Builds the WildAlert application (API and web app) as a Fastify instance; server.ts only starts it. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import db from './plugins/db.ts';
import docs from './plugins/docs.ts';
import errors, { handleError } from './plugins/errors.ts';
import { recordRoutes } from './plugins/method-not-allowed.ts';
import web from './plugins/web.ts';
import alerts from './routes/alerts.ts';
import animals from './routes/animals.ts';
import health from './routes/health.ts';
import { parseQueryString, validatorCompiler } from './validation.ts';

export const BODY_LIMIT = 16 * 1024;

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface AppOptions {
  /** The built web app; defaults to apps/web/dist. */
  webDir?: string;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString },
    // Refuse prototype-pollution keys in JSON bodies outright.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
    // Opening PGlite (and its PostGIS) takes seconds, more on a busy host: Fastify's default
    // 10 s made starts fail when the machine was loaded.
    pluginTimeout: 60_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // JSON only: a text/plain body is refused with 415 rather than parsed.
  app.removeContentTypeParser('text/plain');

  await app.register(errors);
  const addMethodNotAllowed = recordRoutes(app);
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Location', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 86400,
  });
  await app.register(docs, { version });
  await app.register(db, { config });
  await app.register(alerts);
  await app.register(animals);
  await app.register(health, { version });
  await app.register(web, {
    webDir: options.webDir ?? DEFAULT_WEB_DIR,
    runtimeConfig: { tileUrl: config.tileUrl },
  });
  await app.after();
  addMethodNotAllowed();
  return app;
}
