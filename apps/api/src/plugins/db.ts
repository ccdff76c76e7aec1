/** Opens the database the configuration names (PGlite or PostgreSQL) and brings its schema up to date. */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import { openPglite, type PgliteTemplate } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

/** Where the embedded engine keeps its initialised template (see openPglite): the installation's cache. */
const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../../../node_modules/.cache/wildalert/', import.meta.url));

/** The embedded engine's template holds the migrations too: one per set of migration files. */
export async function pgliteTemplate(): Promise<PgliteTemplate> {
  const hash = createHash('sha256');
  for (const m of await listMigrations()) hash.update(path.basename(m.file)).update(await fs.readFile(m.file));
  return {
    dir: PGLITE_TEMPLATE_DIR,
    key: hash.digest('hex').slice(0, 12),
    prepare: async (db) => {
      await migrate(db);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const db = config.databaseUrl
      ? await openPostgres({
          connectionString: config.databaseUrl,
          log: (message, err) => app.log.warn({ err }, message),
        })
      : await openPglite({
          dataDir: config.dataDir,
          template: await pgliteTemplate(),
          log: (message) => app.log.info(message),
        });
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
    } catch (error) {
      await db.close();
      throw error;
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'wildalert-db', dependencies: [] },
);
