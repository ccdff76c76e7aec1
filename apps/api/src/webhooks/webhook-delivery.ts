/**
 * Delivery of webhook messages, in every API instance. A message is queued in the transaction
 * of the change it tells of (enqueueWebhooks); at the commit every instance hears of it (NOTIFY)
 * and claims due messages with FOR UPDATE SKIP LOCKED and a lease, so each attempt is made by one
 * instance. An instance that dies mid-attempt leaves a lease that runs out, and another sends the
 * same message, with the same webhook-id, again: at least once, and the id lets a receiver drop
 * a repeat. A failed attempt (no 2xx, a timeout, no connection) is tried again on the schedule
 * the Standard Webhooks specification suggests, for a little over a day, then given up. At most
 * `perEndpoint` messages are under way to one endpoint (in all instances together) and
 * `concurrency` in one instance: a dead or slow endpoint holds up only its own messages.
 */
import { DeliveryLoop, type DeliveryLog } from '../lib/delivery-loop.ts';
import type { Attempt, WebhookSender } from './webhook-sender.ts';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks-repository.ts';

/**
 * The wait before each retry, after the 1st, 2nd, … failed attempt: 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h (the specification's suggestion; 27.6 hours in all). The 8th failure is final.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000] as const;
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Messages claimed at once. */
const CLAIM_BATCH = 50;
/** How often an instance looks for due messages without being told (a lost NOTIFY, a retry's time). */
const POLL_MS = 5_000;
/** The shortest wait before looking again for messages that are due but held back (another instance's, an endpoint's limit). */
const MIN_WAKE_MS = 1_000;
/** Beyond an attempt's deadline: how long its lease lasts before another instance may take the message over. */
const LEASE_MARGIN_MS = 60_000;
/** Delivered and failed messages stay in the log this long. */
const LOG_DAYS = 30;
const PRUNE_EVERY_MS = 3600_000;

export interface DeliverySettings {
  /** Messages under way at once in this instance. */
  concurrency: number;
  /** Messages under way at once to one endpoint, in all instances. */
  perEndpoint: number;
  /** An attempt's deadline (the sender's). */
  timeoutMs: number;
}

const isDelivered = (attempt: Attempt) => attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;

export class WebhookDelivery extends DeliveryLoop {
  private wakeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly settings: DeliverySettings,
    log: DeliveryLog,
  ) {
    super('webhook delivery', POLL_MS, log);
  }

  override start(): void {
    this.every(PRUNE_EVERY_MS, () => {
      this.repo.prune(new Date(Date.now() - LOG_DAYS * 24 * 3600_000)).catch((err: unknown) => this.log.warn({ err }, 'pruning the webhook log failed'));
    });
    super.start();
  }

  /** Attempts under way are cut short at a stop (their leases run out, and they are sent again). */
  protected override cutShort(): void {
    clearTimeout(this.wakeTimer);
    this.sender.close();
  }

  /** Claims due messages, as many as this instance may have under way, and attempts each. */
  protected async pass(): Promise<void> {
    const { concurrency, perEndpoint, timeoutMs } = this.settings;
    while (!this.stopped && this.sending < concurrency) {
      const now = new Date();
      const claimed = await this.repo.claimDue(Math.min(CLAIM_BATCH, concurrency - this.sending), perEndpoint, now, new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS));
      for (const delivery of claimed) this.attempt(delivery);
      if (claimed.length === 0) break;
    }
    await this.wakeForNext();
  }

  /** A timer for the next retry falling due, sooner than the poll. */
  private async wakeForNext(): Promise<void> {
    const next = await this.repo.nextDueAt();
    clearTimeout(this.wakeTimer);
    if (!next || this.stopped) return;
    const delay = Math.max(MIN_WAKE_MS, next.getTime() - Date.now());
    if (delay >= POLL_MS) return;
    this.wakeTimer = setTimeout(() => this.kick(), delay);
    this.wakeTimer.unref();
  }

  private attempt(delivery: ClaimedDelivery): void {
    this.track(
      this.sender
        .send(delivery)
        .then((attempt) => this.record(delivery, attempt))
        .catch((err: unknown) => this.log.warn({ err }, 'recording a webhook attempt failed')),
      // A place is free, for this endpoint's next message or another's.
      () => this.kick(),
    );
  }

  private async record(delivery: ClaimedDelivery, attempt: Attempt): Promise<void> {
    const now = new Date();
    if (isDelivered(attempt)) return this.repo.delivered(delivery.id, attempt.status!, now);
    if (attempt.status === 410) {
      // The receiver says the endpoint is gone for good (as the specification allows): nothing more is sent to it.
      this.log.info({ endpointId: delivery.endpointId }, 'webhook endpoint answered 410 Gone; disabled');
      await this.repo.failed(delivery.id, delivery.attempts, attempt, now, undefined);
      return this.repo.disable(delivery.endpointId, 'The endpoint answered 410 Gone.', now);
    }
    const delay = delivery.attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[delivery.attempts - 1] : undefined;
    if (delay === undefined) this.log.warn({ endpointId: delivery.endpointId, messageId: delivery.id, ...attempt }, 'webhook message given up');
    await this.repo.failed(delivery.id, delivery.attempts, attempt, now, delay === undefined ? undefined : new Date(now.getTime() + delay));
  }
}
