import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A path in the repository, absolute, so that a workspace's `npm test` (run from its folder) finds it. */
const repo = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * API test files about HTTP and the process, not the database: limits and counters kept in
 * memory or Redis, client addresses, headers, the OpenAPI document, slow clients, configuration. The
 * engine under them changes nothing they check, so they run once, on PostgreSQL, where an app
 * opens its database in milliseconds (PGlite's takes a second or more of WebAssembly each).
 */
const ENGINE_INDEPENDENT = [
  'src/config.test.ts',
  'src/http/validation.test.ts',
  'src/caches/search-cache.test.ts',
  'src/caches/tile-cache.test.ts',
  'src/http/client-address.test.ts',
  'src/http/request-log.test.ts',
  'src/staff/oidc.test.ts',
  'src/plugins/admin.test.ts',
  'src/plugins/docs.test.ts',
  'src/plugins/method-not-allowed.test.ts',
  'src/plugins/rate-limit.test.ts',
  'src/limits/limits-store.test.ts',
  'src/plugins/security-headers.test.ts',
  'src/plugins/embed-framing.test.ts',
  'src/routes/contacts.test.ts',
  'src/repositories/areas-file.test.ts',
  'src/routes/alerts-stream-limits.test.ts',
  'test/connections.test.ts',
  'test/sigterm.test.ts',
  'src/photos/process-photo.test.ts',
  'src/photos/photo-decodes.test.ts',
  'src/photos/photo-storage.test.ts',
  'src/push/notification.test.ts',
  'src/push/quiet-hours.test.ts',
  'src/push/push-services.test.ts',
  'src/push/payload-encryption.test.ts',
  'src/routes/alerts-spreadsheet.test.ts',
  'src/services/opening-hours.test.ts',
];

/**
 * A worker keeps the modules it loaded from one test file to the next (Fastify, TypeBox, pg, the
 * app, React): loading them afresh for each file cost a quarter of the run's time. Files share no
 * state through modules: each builds its own app, database and servers. (Per project: projects
 * do not inherit the root's options.)
 */
const isolate = false;

/** One Vitest run for every workspace; the API suite runs once per database engine. */
export default defineConfig({
  test: {
    // Most tests wait on servers and databases rather than compute: on a 2-core machine the
    // default (one worker fewer than cores) leaves the second core idle.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'repo',
          isolate,
          root: repo('./scripts'),
          include: ['*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // The web app's size budget, from its build (npm test builds it first).
        test: {
          name: 'bench',
          isolate,
          root: repo('./bench'),
          include: ['src/**/*.test.ts'],
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'shared',
          isolate,
          root: repo('./packages/shared'),
          include: ['src/**/*.test.ts'],
        },
      },
      {
        // The test helpers' own tests (free ports and the like).
        test: {
          name: 'test-support',
          isolate,
          root: repo('./packages/test-support'),
          include: ['src/**/*.test.ts'],
        },
      },
      {
        // The web app's components in jsdom, built as Vite builds them (React, aliases).
        extends: repo('./apps/web/vite.config.ts'),
        test: {
          name: 'web',
          isolate,
          root: repo('./apps/web'),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [repo('./apps/web/src/test-setup.ts')],
        },
      },
      ...(['pglite', 'postgres'] as const).map((engine) => ({
        test: {
          name: `api-${engine}`,
          isolate,
          root: repo('./apps/api'),
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // *.postgres.test.ts concern server mode only, *.pglite.test.ts the embedded engine only:
          // each runs once, with its own engine's project; so do the engine-independent files.
          exclude: engine === 'pglite' ? ['**/*.postgres.test.ts', ...ENGINE_INDEPENDENT] : ['**/*.pglite.test.ts'],
          globalSetup: [repo(`./apps/api/test/setup-${engine}.ts`)],
          // The process-level tests (test/) start up to four server processes each, 6–7 s apiece
          // alone and several times that beside the other workers: the slowest took 40–48 s in
          // full runs, and 60.0 s in one. Twice that ends a hung test all the same.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      })),
    ],
  },
});
