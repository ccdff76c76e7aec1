/** Web push (push/): the VAPID keys, the subscriptions' repository and the delivery, started with the app. */
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import tls from 'node:tls';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import { PushDelivery } from '../push/push-delivery.ts';
import { pushRepository, type PushRepository } from '../push/push-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      repository: PushRepository;
      delivery: PushDelivery;
      vapidPublicKey: string;
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
    // Connections to push services are kept open between notifications.
    const agent = new https.Agent({
      keepAlive: true,
      ...(config.caFile ? { ca: [...tls.rootCertificates, await readFile(config.caFile, 'utf8')] } : {}),
    });
    const delivery = new PushDelivery(repository, { subject: config.subject, ...keys }, agent, app.log);
    app.decorate('push', { repository, delivery, vapidPublicKey: keys.publicKey });
    // Every committed alert event, from any instance: there may be someone to tell.
    app.feed.onCommit(() => delivery.kick());
    app.addHook('onReady', () => {
      delivery.start();
    });
    app.addHook('preClose', async () => {
      await delivery.stop();
      agent.destroy();
    });
  },
  { name: 'wildalert-push', dependencies: ['wildalert-db', 'wildalert-live'] },
);
