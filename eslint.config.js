// @ts-check
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

const WEB = 'apps/web/src';
const API = 'apps/api/src';
const FEATURES = fs.readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Leaflet's fence: the shared map components, and a feature's own `components/map/`. */
const MAP_COMPONENTS = [`${WEB}/components/map/**`, `${WEB}/features/*/components/map/**`];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The web app's layers (docs/architecture.md): a feature imports no other feature (the route
    // layer in src/app composes them), and the shared parts import neither features nor the app.
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'A feature imports no other feature: compose them in the route layer (src/app), or move the shared part to src/lib or src/components.',
            })),
            {
              target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/config`, `${WEB}/i18n`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'Shared parts import neither features nor the app.',
            },
            { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app shell.' },
          ],
        },
      ],
    },
  },
  {
    // The API's house (docs/architecture.md): routes speak HTTP and call one service; a change to
    // an alert happens in its service, which publishes it; caches and the live feed hear of it
    // there. So routes never reach a cache or the live feed, and nothing below reaches back up.
    files: ['apps/api/src/**/*.ts'],
    // A test may build what it tests from its parts.
    ignores: ['apps/api/src/**/*.test.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `${API}/routes`,
              from: [`${API}/caches`, `${API}/live`],
              message: 'Routes call a service (app.services), which reads the caches and publishes changes to the live feed.',
            },
            {
              target: [`${API}/services`, `${API}/repositories`, `${API}/caches`, `${API}/live`, `${API}/http`, `${API}/lib`],
              from: [`${API}/routes`, `${API}/plugins`, `${API}/app.ts`],
              message: 'Only the plugins and the app wire modules together; the modules they wire do not import them back.',
            },
            {
              target: [`${API}/repositories`, `${API}/caches`, `${API}/live`],
              from: `${API}/services`,
              message: 'Services use repositories, caches and the live feed, not the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // Leaflet is fenced in (docs/architecture.md): only the map components import it.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: MAP_COMPONENTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['leaflet', 'react-leaflet'].map((name) => ({
            name,
            message: `Only the map components (${MAP_COMPONENTS.join(', ')}) import Leaflet.`,
          })),
          patterns: [
            {
              group: ['leaflet/*', 'react-leaflet/*', '@react-leaflet/*'],
              message: `Only the map components (${MAP_COMPONENTS.join(', ')}) import Leaflet.`,
            },
          ],
        },
      ],
    },
  },
  {
    // One sender per act: the add form queues the alert and its photos in the outbox
    // (features/offline-queue), which alone sends them, under the one key that follows the alert
    // to the server. The form reads (the duplicate hint's GET) but sends nothing that writes.
    files: [`${WEB}/features/add-alert/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='fetch']",
          "CallExpression[callee.property.name='fetch']",
          "NewExpression[callee.name='XMLHttpRequest']",
          "MemberExpression[property.name='sendBeacon']",
          "Property[key.name='method'][value.value=/^(post|put|patch|delete)$/i]",
        ].map((selector) => ({
          selector,
          message: 'The add form sends no request that writes: it queues the alert and its photos in the outbox (outbox.queue), which sends them.',
        })),
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only the configuration modules read the environment.
    files: ['apps/api/src/**/*.ts'],
    // The entry points hand the environment to config.ts.
    ignores: ['apps/api/src/config.ts', 'apps/api/src/server.ts', 'apps/api/src/prepare-database.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts' }],
    },
  },
);
