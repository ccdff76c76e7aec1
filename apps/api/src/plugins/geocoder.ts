/**
 * `app.geocoder`: the configured geocoder (geocoder/geocoder.ts), or undefined when GEOCODER_URL
 * is set empty; and, with one, the background lookup of new alerts' street names.
 */
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { DEFAULT_GEOCODER_URL } from '../config.ts';
import { Geocoder } from '../geocoder/geocoder.ts';
import { StreetNames } from '../geocoder/street-names.ts';
import { placesRepository } from '../repositories/places-repository.ts';
import { alertChanges } from '../services/alert-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    geocoder: Geocoder | undefined;
    streetNames: StreetNames | undefined;
  }
}

export default fp<{ config: Config['geocoder'] }>(
  async (app, { config }) => {
    if (!config) {
      app.decorate('geocoder', undefined);
      app.decorate('streetNames', undefined);
      return;
    }
    if (config.url === DEFAULT_GEOCODER_URL && /localhost|example/.test(config.userAgent)) {
      // Its usage policy asks for a User-Agent that says who to contact; a placeholder may get the server blocked.
      app.log.warn(
        { userAgent: config.userAgent },
        "OpenStreetMap's Nominatim is asked with a User-Agent without a real contact: set GEOCODER_USER_AGENT (or PUBLIC_URL, or VAPID_SUBJECT), or GEOCODER_URL= to turn place search off",
      );
    }
    const geocoder = new Geocoder(config);
    const streetNames = new StreetNames(placesRepository(app.db), geocoder, alertChanges(app.feed), app.log);
    app.decorate('geocoder', geocoder);
    app.decorate('streetNames', streetNames);
    // A new alert, from any instance: one more place to look up.
    const subscription = app.feed.onEvent((event) => {
      if (event.kind === 'added') streetNames.kick();
    });
    app.addHook('onReady', () => {
      streetNames.start();
    });
    app.addHook('preClose', async () => {
      subscription.unsubscribe();
      await streetNames.stop();
    });
  },
  { name: 'wildalert-geocoder', dependencies: ['wildalert-db', 'wildalert-live'] },
);
