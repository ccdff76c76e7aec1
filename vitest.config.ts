import { defineConfig } from 'vitest/config';

/** One Vitest run for every workspace; the API suite runs once per database engine. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'repo',
          root: './scripts',
          include: ['*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // The web app's size budget, from its build (npm test builds it first).
        test: {
          name: 'bench',
          root: './bench',
          include: ['src/**/*.test.ts'],
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        // The web app's components in jsdom, built as Vite builds them (React, aliases).
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      ...(['pglite', 'postgres'] as const).map((engine) => ({
        test: {
          name: `api-${engine}`,
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // *.postgres.test.ts concern server mode only: they run once, with the PostgreSQL project.
          exclude: engine === 'pglite' ? ['**/*.postgres.test.ts'] : [],
          globalSetup: [`./test/setup-${engine}.ts`],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
    ],
  },
});
