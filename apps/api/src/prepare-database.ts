/**
 * `node dist/prepare-database.js`: what the embedded database's first start needs, made ahead
 * (its template: PostGIS and the migrations, once per installation), so that `npm start` can
 * do it while the web app builds. Nothing to do on PostgreSQL (DATABASE_URL) or once made.
 * Says in plain words what it does: it runs in front of a person waiting for the app.
 */
import { ConfigError, loadConfig } from './config.ts';
import { preparePgliteTemplate } from './db/pglite.ts';
import { pgliteTemplate } from './plugins/db.ts';

try {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    const started = performance.now();
    const made = await preparePgliteTemplate(await pgliteTemplate(), {
      onCreate: () => console.log('Creating the embedded database (PostGIS and the tables; once per installation, 10 s or more)…'),
    });
    if (made) console.log(`Created the embedded database in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
} catch (error) {
  // The server would refuse the same configuration, with the same message.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
