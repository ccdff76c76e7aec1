/**
 * Delivery of area alerts by web push, in every API instance. When an alert event commits
 * (live/alert-feed.ts hears of it from any instance), one instance matches it to the
 * subscriptions around it and queues a job per subscription (push-repository.ts); every
 * instance then claims due jobs with FOR UPDATE SKIP LOCKED, so each job is sent once. A timer
 * catches up on what a lost notification or a retry's back-off leaves. POST /Alerts never waits
 * for any of it.
 */
import type { Agent } from 'node:https';
import { coalesced } from '../coalesced.ts';
import webpush from 'web-push';
import { PUSH_COALESCE_MINUTES } from '@wildalert/shared';
import type { ClaimedJob, PushRepository } from './push-repository.ts';
import { notificationFor } from './notification.ts';
import { quietUntil } from './quiet-hours.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** Jobs claimed at once; each is one request to a push service. */
const CLAIM_BATCH = 20;
/** Requests to push services under way at once, per instance. */
const MAX_IN_FLIGHT = 100;
/** How often an instance looks for due jobs without being told of a new alert. */
const POLL_MS = 5_000;
/** Attempts before a notification is given up (the back-off then waits about an hour). */
const MAX_ATTEMPTS = 8;
/** How long a push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
/**
 * One topic for every notification to a device: a push service holding an undelivered one
 * replaces it with the next, so a device that comes back online shows only the latest.
 */
const TOPIC = 'wildalert-area';

/** Back-off after a failed attempt: 30 s, 1 min, 2 min, … up to an hour; or the service's Retry-After. */
function retryDelayMs(attempts: number, retryAfter: string | undefined): number {
  const seconds = Number(retryAfter);
  if (retryAfter && Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 3600) * 1000;
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export class PushDelivery {
  /** The pass under way (matching, then claiming), and whether another is wanted after it. */
  /** Matches new events and claims due jobs; overlapping calls share one pass (and one more after it). */
  private readonly passes = coalesced(
    async () => {
      await this.repo.matchNewEvents(PUSH_COALESCE_MINUTES);
      await this.claimAndSend();
    },
    () => !this.stopped,
  );
  /** Notifications being sent: a slow push service holds up neither matching nor other sends. */
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly repo: PushRepository,
    private readonly vapid: VapidDetails,
    private readonly agent: Agent,
    private readonly log: Log,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.passes.current?.catch(() => undefined);
    await Promise.all(this.inFlight);
  }

  /** Something may be due (a new alert committed, a back-off over): look for work. */
  kick(): void {
    if (this.stopped) return;
    this.passes.run().catch((err: unknown) => this.log.warn({ err }, 'web push delivery failed'));
  }

  /** Resolves once every committed alert is matched and every due notification answered. */
  async flush(): Promise<void> {
    await this.passes.run();
    while (this.inFlight.size > 0) {
      await Promise.all(this.inFlight);
      await this.passes.run();
    }
  }

  private async claimAndSend(): Promise<void> {
    while (!this.stopped && this.inFlight.size < MAX_IN_FLIGHT) {
      const jobs = await this.repo.claimDue(Math.min(CLAIM_BATCH, MAX_IN_FLIGHT - this.inFlight.size));
      if (jobs.length === 0) return;
      for (const job of jobs) {
        const sending: Promise<void> = this.send(job)
          .catch((err: unknown) => this.log.warn({ err }, 'web push delivery failed'))
          .finally(() => {
            this.inFlight.delete(sending);
            // Room for more, if the claim stopped for lack of it.
            if (this.inFlight.size === MAX_IN_FLIGHT - 1) this.kick();
          });
        this.inFlight.add(sending);
      }
    }
  }

  private async send(job: ClaimedJob): Promise<void> {
    if (job.paused) return this.repo.drop(job.subscriptionId);
    if (job.alerts.length === 0) return this.repo.discardHidden(job.subscriptionId);
    const quietEnd = job.quietHours ? quietUntil(job.quietHours, new Date()) : undefined;
    if (quietEnd) return this.repo.postpone(job.subscriptionId, quietEnd, false);
    const payload = notificationFor(job.alerts, job.language);
    try {
      await webpush.sendNotification({ endpoint: job.endpoint, keys: job.keys }, JSON.stringify(payload), {
        vapidDetails: this.vapid,
        TTL: TTL_SECONDS,
        topic: TOPIC,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
        agent: this.agent,
      });
    } catch (err) {
      return this.failed(job, err);
    }
    await this.repo.delivered(job.subscriptionId, payload.alertIds, PUSH_COALESCE_MINUTES);
  }

  private async failed(job: ClaimedJob, err: unknown): Promise<void> {
    const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
    if (status === 404 || status === 410) {
      // The device unsubscribed or the subscription expired: it is forgotten.
      this.log.info({ status }, 'push subscription gone; deleted');
      return this.repo.removeById(job.subscriptionId);
    }
    // No answer, 429 or 5xx: the push service may take it later. Any other 4xx will not change.
    const transient = status === undefined || status === 429 || status >= 500;
    if (!transient || job.attempts >= MAX_ATTEMPTS) {
      this.log.warn({ status, attempts: job.attempts, err }, 'push notification given up');
      return this.repo.drop(job.subscriptionId);
    }
    const retryAfter = err instanceof webpush.WebPushError ? err.headers['retry-after'] : undefined;
    const delay = retryDelayMs(job.attempts, typeof retryAfter === 'string' ? retryAfter : undefined);
    return this.repo.postpone(job.subscriptionId, new Date(Date.now() + delay), true);
  }
}
