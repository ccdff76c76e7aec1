/** Web push (push/): the VAPID keys, the subscriptions' repository and the delivery, started with the app. */
import { readFile } from 'node:fs/promises';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import { PushDelivery } from '../push/push-delivery.ts';
import { pushRepository, type PushRepository } from '../repositories/push-repository.ts';
import { PushSender } from '../push/push-sender.ts';
import { parsePushServices, type PushServicePolicy } from '../push/push-services.ts';

/** How long a push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
/** A push service silent this long: the notification is tried again later. */
const SEND_TIMEOUT_MS = 10_000;
/** Requests to push services under way at once, per sender thread. */
const SENDS_PER_THREAD = 128;

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      repository: PushRepository;
      delivery: PushDelivery;
      vapidPublicKey: string;
      /** Which push services subscriptions may name (PUSH_SERVICES). */
      services: PushServicePolicy;
      limits: Config['push']['limits'];
    };
  }
}

export default fp<{ config: Config['push'] }>(
  async (app, { config }) => {
    const repository = pushRepository(app.db);
    const keys =
      config.vapidPublicKey && config.vapidPrivateKey
        ? { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey }
        : await repository.vapidKeys(() => webpush.generateVAPIDKeys());
    const services = parsePushServices(config.services)!;
    const sender = new PushSender(
      {
        vapid: { subject: config.subject, ...keys },
        pushServices: config.services,
        caPem: config.caFile ? await readFile(config.caFile, 'utf8') : undefined,
        ttlSeconds: TTL_SECONDS,
        timeoutMs: SEND_TIMEOUT_MS,
        concurrency: SENDS_PER_THREAD,
      },
      config.senderThreads,
      app.log,
    );
    const delivery = new PushDelivery(repository, sender, app.log);
    app.decorate('push', { repository, delivery, vapidPublicKey: keys.publicKey, services, limits: config.limits });
    // Every committed alert event, from any instance: there may be someone to tell.
    app.feed.onCommit(() => delivery.kick());
    app.addHook('onReady', () => {
      delivery.start();
    });
    app.addHook('preClose', async () => {
      await delivery.stop();
      await sender.close();
    });
  },
  { name: 'wildalert-push', dependencies: ['wildalert-db', 'wildalert-live'] },
);
