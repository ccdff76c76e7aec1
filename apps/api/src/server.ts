/** Starts the server from the environment, and stops it gracefully on SIGTERM or SIGINT. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirError } from './db/database.ts';

/** Draining and closing must end within this, or the process exits with 1 anyway. */
const GRACE_MS = 10_000;

async function main() {
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  closeWithGrace({ delay: GRACE_MS, logger: { error: (message: unknown) => app.log.error(message) } }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an error nothing handled');
    app.log.info({ signal }, 'stopping: answering requests already sent, then closing the database');
    await app.drain();
    await app.close();
    app.log.info('stopped');
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info({ engine: app.db.engine }, `WildAlert is serving http://${host}:${port}/WildAlertApp/`);
  // One plain line a person finds among the JSON: the address to open.
  console.log(`WildAlert is ready: ${openAt(config.host, port)}`);
}

/** The app's address to open in a browser on this machine. */
function openAt(host: string, port: number): string {
  const local = ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost'].includes(host);
  return `http://${local ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}/WildAlertApp/`;
}

main().catch((error: unknown) => {
  // Mistakes an operator can fix: the message says what to do, a stack trace would only hide it.
  const message = error instanceof ConfigError || error instanceof DataDirError ? error.message : undefined;
  if (message) {
    console.error(message);
  } else {
    console.error('WildAlert could not start:', error);
  }
  process.exit(1);
});
