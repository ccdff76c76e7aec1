/** Opens the database the configuration names (PGlite or PostgreSQL) and brings its schema up to date. */
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

/** Where the embedded engine keeps its initialised template (see openPglite): the installation's cache. */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../../../node_modules/.cache/wildalert/', import.meta.url));

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
          templateDir: PGLITE_TEMPLATE_DIR,
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
  { name: 'db' },
);
