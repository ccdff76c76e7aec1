/**
 * E-mail area alerts (email/): the subscriptions' repository, and, when SMTP_URL is set, the
 * relay and the delivery, started with the app. Without SMTP the routes answer that this server
 * sends no e-mail, and nothing else changes.
 */
import fp from 'fastify-plugin';
import type { Config, EmailConfig } from '../config.ts';
import { EmailDelivery } from '../email/email-delivery.ts';
import { smtpMailer, type Mailer } from '../email/mailer.ts';
import { emailRepository, type EmailRepository } from '../repositories/email-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    email: {
      repository: EmailRepository;
      /** Undefined: no SMTP relay configured. */
      delivery: EmailDelivery | undefined;
      config: EmailConfig | undefined;
      /** The relay (undefined without SMTP): the monthly reports go through it too. */
      mailer: Mailer | undefined;
    };
  }
}

export default fp<{ config: Config['email']; timeZone: string }>(
  async (app, { config, timeZone }) => {
    const repository = emailRepository(app.db);
    if (!config) {
      app.decorate('email', { repository, delivery: undefined, config, mailer: undefined });
      return;
    }
    const mailer = smtpMailer(config.smtpUrl, config.from);
    const delivery = new EmailDelivery(repository, mailer, { publicUrl: config.publicUrl, timeZone }, app.log);
    app.decorate('email', { repository, delivery, config, mailer });
    // Every committed alert event, from any instance: there may be someone to write to.
    app.feed.onCommit(() => delivery.kick());
    app.addHook('onReady', () => {
      delivery.start();
    });
    app.addHook('preClose', () => delivery.stop());
    // Once every preClose is over: the monthly reports' sends under way use the relay too.
    app.addHook('onClose', () => {
      mailer.close();
    });
  },
  { name: 'wildalert-email', dependencies: ['wildalert-db', 'wildalert-live'] },
);
