/**
 * Delivery of e-mail area alerts, in every API instance, as web push's (push/push-delivery.ts):
 * when an alert event commits, one instance matches it to the confirmed subscriptions around it
 * and queues each one's digest for when its frequency allows; every instance claims due mails
 * with FOR UPDATE SKIP LOCKED, so each is sent once, and hands them to the SMTP relay. A relay
 * that fails for now (4xx, no connection) is tried again with back-off; a recipient refused for
 * good (5xx at RCPT TO, the address does not exist) is a hard bounce and stops every mail to the
 * address. POST /Alerts and POST /EmailSubscriptions never wait for any of it.
 */
import { DeliveryLoop, type DeliveryLog } from '../lib/delivery-loop.ts';
import type { ClaimedMail, EmailRepository } from '../repositories/email-repository.ts';
import { confirmationMail, digestMail, type MailContent } from './messages.ts';
import type { Mailer } from './mailer.ts';

/** Mails claimed at once. */
const CLAIM_BATCH = 50;
/** Mails handed to the relay and not answered yet, per instance. */
const MAX_IN_FLIGHT = 20;
/** How often an instance looks for due mails without being told of a new alert. */
const POLL_MS = 15_000;
/** Attempts before a mail is given up (the back-off then waits about an hour). */
const MAX_ATTEMPTS = 8;

/** Back-off after a failed attempt: 1 min, 2 min, 4 min, … up to an hour. */
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface EmailDeliveryOptions {
  /** The site's origin the links start with. */
  publicUrl: string;
  /** The city's time zone: the times the mails show. */
  timeZone: string;
}

export class EmailDelivery extends DeliveryLoop {
  constructor(
    private readonly repo: EmailRepository,
    private readonly mailer: Mailer,
    private readonly options: EmailDeliveryOptions,
    log: DeliveryLog,
  ) {
    super('e-mail delivery', POLL_MS, log);
  }

  protected async pass(): Promise<void> {
    await this.repo.expireUnconfirmed();
    await this.repo.matchNewEvents();
    while (!this.stopped && this.sending < MAX_IN_FLIGHT) {
      const mails = await this.repo.claimDue(Math.min(CLAIM_BATCH, MAX_IN_FLIGHT - this.sending));
      if (mails.length === 0) return;
      for (const mail of mails) this.track(this.deliver(mail).catch((err: unknown) => this.log.warn({ err }, 'e-mail delivery failed')), () => this.kick());
    }
  }

  private content(mail: ClaimedMail): MailContent | undefined {
    const { publicUrl, timeZone } = this.options;
    if (mail.kind === 'confirm') return confirmationMail(publicUrl, mail.subscription, mail.token, mail.expiresAt, timeZone);
    if (mail.alerts.length === 0) return undefined;
    return digestMail(publicUrl, mail.subscription, mail.alerts, mail.more, timeZone);
  }

  /** Sends one mail and records what the relay said; never rejects for the relay's sake. */
  private async deliver(mail: ClaimedMail): Promise<void> {
    const content = this.content(mail);
    if (!content) return this.repo.nothingToSend(mail);
    const outcome = await this.mailer.send(mail.subscription.address, content);
    switch (outcome.kind) {
      case 'sent':
        return this.repo.sent(mail);
      case 'bounced': {
        const gone = await this.repo.suppress(mail.subscription.address, 'bounce');
        this.log.info({ response: outcome.response, subscriptions: gone }, 'e-mail address refused for good; its subscriptions ended');
        return;
      }
      case 'failed':
        this.log.warn({ response: outcome.response }, 'e-mail refused by the relay; given up');
        return this.repo.giveUp(mail);
      case 'retry':
        if (mail.attempts >= MAX_ATTEMPTS) {
          this.log.warn({ error: outcome.error, attempts: mail.attempts }, 'e-mail given up after retries');
          return this.repo.giveUp(mail);
        }
        return this.repo.postpone(mail, new Date(Date.now() + retryDelayMs(mail.attempts)));
    }
  }
}
