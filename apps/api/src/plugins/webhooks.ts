/** Webhooks per organisation (webhooks/): the repository, the sender and the delivery, started with the app. */
import { readFile } from 'node:fs/promises';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { PushServicePolicy } from '../push/push-services.ts';
import { WebhookDelivery } from '../webhooks/webhook-delivery.ts';
import { WebhookSender } from '../webhooks/webhook-sender.ts';
import { webhookPolicy } from '../webhooks/webhook-targets.ts';
import { WEBHOOKS_CHANNEL, webhooksRepository, type WebhooksRepository } from '../webhooks/webhooks-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      repository: WebhooksRepository;
      delivery: WebhookDelivery;
      /** Where endpoints may point (WEBHOOK_TRUSTED_HOSTS, and any public host). */
      policy: PushServicePolicy;
    };
  }
}

export default fp<{ config: Config['webhooks'] }>(
  async (app, { config }) => {
    const repository = webhooksRepository(app.db);
    const policy = webhookPolicy(config.trustedHosts)!;
    const sender = new WebhookSender({ policy, caPem: config.caFile ? await readFile(config.caFile, 'utf8') : undefined, timeoutMs: config.timeoutMs });
    const delivery = new WebhookDelivery(repository, sender, config, app.log);
    app.decorate('webhooks', { repository, delivery, policy });
    // A message queued by any instance: there is something to send.
    const unlisten = await app.db.listen(WEBHOOKS_CHANNEL, () => delivery.kick());
    app.addHook('onReady', () => {
      delivery.start();
    });
    app.addHook('preClose', async () => {
      await unlisten();
      await delivery.stop();
    });
  },
  { name: 'wildalert-webhooks', dependencies: ['wildalert-db'] },
);
