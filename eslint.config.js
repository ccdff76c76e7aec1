// @ts-check
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

const WEB = 'apps/web/src';
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
    // The web app's layers (STYLE.md): a feature imports no other feature (the route layer in
    // src/app composes them), and the shared parts import neither features nor the app.
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
    // Leaflet is fenced in: only the map components import it.
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
