/**
 * Once per run: the web app and the server built as `npm start` runs them (when stale), a
 * local tile server, a throwaway PostgreSQL cluster, and one migrated database per engine
 * that every test copies. Workers read what they need from the environment variables set here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilds, startPostgresCluster, startServerProcess } from '@wildalert/test-support';
import { chromiumMissing } from './chromium.ts';
import { startTileServer } from './tile-server.ts';

export const TEMPLATE_DATABASE = 'wildalert_e2e_template';

export default async function globalSetup() {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  ensureBuilds('web', 'api');

  const tiles = await startTileServer();
  const cluster = await startPostgresCluster();
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-e2e-template-'));
  try {
    // Let the real server create and migrate each template, as `npm start` would.
    // The first start after an install also prepares PGlite's own template (10 s on a quiet machine, over a minute on a busy one).
    const pglite = await startServerProcess({ env: { DATA_DIR: templateDir, LOG_LEVEL: 'warn' }, build: true, startTimeoutMs: 240_000 });
    await pglite.kill('SIGTERM');
    await cluster.psql(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const postgres = await startServerProcess({
      env: { DATABASE_URL: cluster.urlFor(TEMPLATE_DATABASE), LOG_LEVEL: 'warn' },
      build: true,
    });
    await postgres.kill('SIGTERM');
    await cluster.psql(`ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } catch (error) {
    await Promise.all([tiles.close(), cluster.stop()]);
    throw error;
  }

  process.env.WILDALERT_E2E_TILE_URL = tiles.tileUrl;
  process.env.WILDALERT_E2E_PGLITE_TEMPLATE = templateDir;
  process.env.WILDALERT_E2E_POSTGRES_URL = cluster.url;

  return async () => {
    await Promise.all([tiles.close(), cluster.stop()]);
    fs.rmSync(templateDir, { recursive: true, force: true });
  };
}
