/** Plugins say what they need: registered without it, the app refuses to start and names what is missing. */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import alerts from '../routes/alerts.ts';
import errors from './errors.ts';
import caches from './caches.ts';

const apps: Array<ReturnType<typeof Fastify>> = [];
const bare = () => {
  const app = Fastify({ logger: false });
  apps.push(app);
  return app;
};
afterEach(async () => {
  await Promise.allSettled(apps.splice(0).map((app) => app.close()));
});

describe('registering a plugin before what it needs', () => {
  it('fails at start, naming the missing plugin', async () => {
    const app = bare();
    await app.register(errors);
    // The caches are emptied by the live feed: without it, nothing would ever empty them.
    app.register(caches, { timeZone: 'Europe/Warsaw' });
    await expect(app.ready()).rejects.toThrow(/The dependency 'wildalert-[a-z-]+' of plugin 'wildalert-caches' is not registered/);
  });

  it('fails for a route plugin too, before any route is served', async () => {
    const app = bare();
    app.register(alerts);
    await expect(app.ready()).rejects.toThrow(/The dependency 'wildalert-[a-z-]+' of plugin 'wildalert-alerts-routes' is not registered/);
    expect(app.hasRoute({ method: 'GET', url: '/Alerts' })).toBe(false);
  });
});
