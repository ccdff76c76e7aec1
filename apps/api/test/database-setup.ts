/**
 * Vitest global set-up for the API suite, run once per engine: prepares one migrated
 * database that every test file copies, so no test pays for initdb + CREATE EXTENSION, and
 * builds the server when its build is older than its sources (test/server-processes.ts runs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilds, startPostgresCluster } from '@wildalert/test-support';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { pgliteTemplate } from '../src/plugins/db.ts';

type TestDatabaseSource =
  | { engine: 'pglite'; templateDir: string }
  | { engine: 'postgres'; clusterUrl: string; templateDatabase: string };

declare module 'vitest' {
  export interface ProvidedContext {
    database: TestDatabaseSource;
  }
}

const TEMPLATE_DATABASE = 'wildalert_template';

export async function setupPglite(project: TestProject) {
  ensureBuilds('api');
  // A copy of the installation's template (see plugins/db.ts): made once, not once per run.
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-pglite-template-'));
  const db = await openPglite({ dataDir: templateDir, template: await pgliteTemplate() });
  await migrate(db);
  await db.close();
  project.provide('database', { engine: 'pglite', templateDir });
  return () => fs.rmSync(templateDir, { recursive: true, force: true });
}

export async function setupPostgres(project: TestProject) {
  ensureBuilds('api');
  const cluster = await startPostgresCluster();
  try {
    await cluster.psql(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const db = await openPostgres({ connectionString: cluster.urlFor(TEMPLATE_DATABASE) });
    await migrate(db);
    await db.close();
    await cluster.psql(`ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('database', {
    engine: 'postgres',
    clusterUrl: cluster.url,
    templateDatabase: TEMPLATE_DATABASE,
  });
  return () => cluster.stop();
}
