/** Starts the server from the environment, and stops it gracefully on SIGTERM or SIGINT. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

const GRACE_MS = 10_000;

async function main() {
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight, then closing the database');
    const timer = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting anyway');
      process.exit(1);
    }, GRACE_MS);
    timer.unref();
    await app.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: app.db.engine },
    `WildAlert is serving http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}/WildAlertApp/`,
  );
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : undefined;
  if (message) {
    console.error(message);
  } else {
    console.error('WildAlert could not start:', error);
  }
  process.exit(1);
});
