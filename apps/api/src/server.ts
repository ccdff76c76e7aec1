/** Starts the server from the environment, and stops it gracefully on SIGTERM or SIGINT. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirError } from './db/database.ts';
import { FIRST_ADMIN_HOURS, firstAdminLink } from './staff/first-admin.ts';

/** Draining and closing must end within this, or the process exits with 1 anyway. */
const GRACE_MS = 10_000;

const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * A stop signal repeated within this is the same request, not an impatient second one (which
 * exits at once): under `npm start` a terminal's Ctrl-C, or a service manager's SIGTERM to the
 * whole group, reaches the server both directly and forwarded by npm.
 */
const SAME_REQUEST_MS = 1_000;

/** The server needs Node.js 24 (`engines`): its push sender thread is a TypeScript file Node runs itself. */
const NODE_MAJOR = 24;

async function main() {
  if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
    console.error(`WildAlert needs Node.js ${NODE_MAJOR} or newer (this is ${process.version}); npm start runs the one npm ci installed.`);
    process.exit(1);
  }
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  let stopSignal: NodeJS.Signals | undefined;
  const logger = { error: (message: unknown) => app.log.error(message) };
  // close-with-grace sees to errors and the rarer signals; the stop signals are counted here.
  const closer = closeWithGrace({ delay: GRACE_MS, logger, skip: [...STOP_SIGNALS] }, async ({ signal = stopSignal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an error nothing handled');
    app.log.info({ signal }, 'stopping: answering requests already sent, then closing the database');
    await app.drain();
    await app.close();
    app.log.info('stopped');
  });
  let askedAt: number | undefined;
  for (const name of STOP_SIGNALS) {
    process.on(name, (signal) => {
      if (askedAt === undefined) {
        askedAt = performance.now();
        stopSignal = signal;
        void closer.close();
      } else if (performance.now() - askedAt > SAME_REQUEST_MS) {
        app.log.error(`second ${signal}, exiting`);
        process.exit(1);
      }
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info({ engine: app.db.engine }, `WildAlert is serving http://${host}:${port}/WildAlertApp/`);
  // One plain line a person finds among the JSON: the address to open.
  console.log(`WildAlert is ready: ${openAt(config.host, port)}`);
  if (config.retiredAdminToken) {
    app.log.warn('ADMIN_TOKEN is set but no longer used: moderators sign in with staff accounts, scripts use personal API tokens (docs/staff-accounts.md)');
  }
  // Nobody can invite anyone yet: this start makes the link for the first admin. Printed, never
  // logged through the JSON log (which may be shipped elsewhere).
  const link = await firstAdminLink(app.staff, config.staff.publicUrl ?? new URL(openAt(config.host, port)).origin);
  if (link) console.log(`First start: create the first admin account (valid ${FIRST_ADMIN_HOURS} h, once): ${link}`);
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
