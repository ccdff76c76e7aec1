/**
 * Delivery of area alerts by web push, in every API instance. When an alert event commits
 * (live/alert-feed.ts hears of it from any instance), one instance matches it to the
 * subscriptions around it and queues a job per subscription (push-repository.ts); every
 * instance then claims due jobs in batches with FOR UPDATE SKIP LOCKED, so each job is sent
 * once, and hands them to its sender threads (push-sender.ts), which encrypt and post them
 * without holding up the API's thread. What the push services answered is recorded a batch at
 * a time. A timer catches up on what a lost notification or a retry's back-off leaves.
 * POST /Alerts never waits for any of it.
 */
import { DeliveryLoop, type DeliveryLog } from '../lib/delivery-loop.ts';
import { PUSH_COALESCE_MINUTES } from '@wildalert/shared';
import type { ClaimedJob, PushRepository } from '../repositories/push-repository.ts';
import { noticeNotificationFor, notificationFor, statusNotificationFor } from './notification.ts';
import type { Outgoing, PushSender, SendResult } from './push-sender.ts';
import { quietUntil } from './quiet-hours.ts';

/** Jobs claimed at once: one batch for a sender thread. */
const CLAIM_BATCH = 250;
/**
 * Notifications handed to the sender threads and not answered yet, per instance: the bound
 * of what is held in memory (the rest waits in the database's queue).
 */
const MAX_IN_FLIGHT = 2_000;
/** How often an instance looks for due jobs without being told of a new alert. */
const POLL_MS = 5_000;
/**
 * The topic of the area's alerts: a push service holding an undelivered one for a device that is
 * offline replaces it with the next, so a device that comes back shows only the latest. An
 * official notice and a step on the reporter's own report have none: each is kept until delivered,
 * whatever comes after it.
 */
const AREA_TOPIC = 'wildalert-area';
/** Attempts before a notification is given up (the back-off then waits about an hour). */
const MAX_ATTEMPTS = 8;

/** Back-off after a failed attempt: 30 s, 1 min, 2 min, … up to an hour; or the service's Retry-After. */
function retryDelayMs(attempts: number, retryAfterSeconds: number | undefined): number {
  if (retryAfterSeconds !== undefined) return Math.min(retryAfterSeconds, 3600) * 1000;
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A notification ready for a sender thread, and what it carries. */
interface Prepared {
  job: ClaimedJob;
  notification: Outgoing;
  alertIds: string[];
  noticeIds: string[];
  statusAlertIds: string[];
}

export class PushDelivery extends DeliveryLoop {
  /** Notifications in the batches with the sender threads (each batch a send under way). */
  private notificationsInFlight = 0;

  constructor(
    private readonly repo: PushRepository,
    private readonly sender: PushSender,
    log: DeliveryLog,
  ) {
    super('web push delivery', POLL_MS, log);
  }

  /** Matches the events committed since (new alerts, notices, status steps), then claims due jobs. */
  protected async pass(): Promise<void> {
    await this.repo.matchNewEvents(PUSH_COALESCE_MINUTES);
    await this.claimAndSend();
  }

  private async claimAndSend(): Promise<void> {
    while (!this.stopped && this.notificationsInFlight < MAX_IN_FLIGHT) {
      const jobs = await this.repo.claimDue(Math.min(CLAIM_BATCH, MAX_IN_FLIGHT - this.notificationsInFlight));
      if (jobs.length === 0) return;
      const outgoing = await this.prepare(jobs);
      if (outgoing.length === 0) continue;
      this.notificationsInFlight += outgoing.length;
      this.track(
        this.sender
          .send(outgoing.map((o) => o.notification))
          .then((results) => this.record(outgoing, results))
          .catch(async (err: unknown) => {
            // A sender thread died with the batch: each is tried again after the usual back-off.
            this.log.warn({ err }, 'web push delivery failed');
            await this.repo.postpone(outgoing.map(({ job }) => ({ subscriptionId: job.subscriptionId, runAt: new Date(Date.now() + retryDelayMs(job.attempts, undefined)) })), true);
          })
          .catch((err: unknown) => this.log.warn({ err }, 'web push delivery failed')),
        () => {
          const wasFull = this.notificationsInFlight >= MAX_IN_FLIGHT;
          this.notificationsInFlight -= outgoing.length;
          // Room for more, if the claims stopped for lack of it.
          if (wasFull) this.kick();
        },
      );
    }
  }

  /** What each claimed job is to send; the jobs with nothing to send now are settled here. */
  private async prepare(jobs: readonly ClaimedJob[]): Promise<Prepared[]> {
    const paused: string[] = [];
    const nothingShown: string[] = [];
    const quiet: Array<{ subscriptionId: string; runAt: Date }> = [];
    const outgoing: Prepared[] = [];
    const now = new Date();
    for (const job of jobs) {
      const quietEnd = job.quietHours ? quietUntil(job.quietHours, now) : undefined;
      if (job.paused) paused.push(job.subscriptionId);
      else if (job.alerts.length === 0 && job.notices.length === 0 && job.statuses.length === 0) nothingShown.push(job.subscriptionId);
      else if (quietEnd) quiet.push({ subscriptionId: job.subscriptionId, runAt: quietEnd });
      else if (job.notices.length > 0) {
        // An organisation's word first; the alerts waiting with it follow after the coalescing time.
        const payload = noticeNotificationFor(job.notices, job.language);
        outgoing.push({
          job,
          alertIds: [],
          noticeIds: payload.noticeIds,
          statusAlertIds: [],
          notification: { id: job.subscriptionId, endpoint: job.endpoint, keys: job.keys, payload: JSON.stringify(payload) },
        });
      } else if (job.statuses.length > 0) {
        // The reporter's own report: before the area's alerts, which follow after the coalescing time.
        const payload = statusNotificationFor(job.statuses, job.language);
        outgoing.push({
          job,
          alertIds: [],
          noticeIds: [],
          statusAlertIds: payload.statusAlertIds,
          notification: { id: job.subscriptionId, endpoint: job.endpoint, keys: job.keys, payload: JSON.stringify(payload) },
        });
      } else {
        const payload = notificationFor(job.alerts, job.language);
        outgoing.push({
          job,
          alertIds: payload.alertIds,
          noticeIds: [],
          statusAlertIds: [],
          notification: { id: job.subscriptionId, endpoint: job.endpoint, keys: job.keys, payload: JSON.stringify(payload), topic: AREA_TOPIC },
        });
      }
    }
    await this.repo.drop(paused);
    await this.repo.discardHidden(nothingShown);
    await this.repo.postpone(quiet, false);
    return outgoing;
  }

  /** Records what the push services answered, a batch at a time. */
  private async record(sent: readonly Prepared[], results: readonly SendResult[]): Promise<void> {
    const jobOf = new Map(sent.map((s) => [s.job.subscriptionId, s]));
    const delivered: Array<{ subscriptionId: string; alertIds: string[]; noticeIds: string[]; statusAlertIds: string[] }> = [];
    const removed: string[] = [];
    const dropped: string[] = [];
    const later: Array<{ subscriptionId: string; runAt: Date }> = [];
    for (const result of results) {
      const entry = jobOf.get(result.id);
      if (!entry) continue;
      const { job, alertIds, noticeIds, statusAlertIds } = entry;
      switch (result.outcome) {
        case 'delivered':
          delivered.push({ subscriptionId: job.subscriptionId, alertIds, noticeIds, statusAlertIds });
          break;
        case 'gone':
          // The device unsubscribed or the subscription expired: it is forgotten.
          removed.push(job.subscriptionId);
          break;
        case 'refused':
          if (result.reason === 'not-public') {
            // Its host resolves to an address of our own network now: not sent, but the subscription is
            // kept (a resolver that answers private addresses for a browser's service must not wipe them all).
            this.log.warn({ host: new URL(job.endpoint).host }, 'push endpoint resolves to a non-public address; notification dropped');
            dropped.push(job.subscriptionId);
            break;
          }
          // Stored before PUSH_SERVICES changed: that service is not sent to any more.
          this.log.warn({ reason: result.reason, host: new URL(job.endpoint).host }, 'push endpoint not allowed; subscription deleted');
          removed.push(job.subscriptionId);
          break;
        case 'retry':
          if (job.attempts < MAX_ATTEMPTS) {
            later.push({ subscriptionId: job.subscriptionId, runAt: new Date(Date.now() + retryDelayMs(job.attempts, result.retryAfterSeconds)) });
            break;
          }
          this.log.warn({ status: result.status, attempts: job.attempts, error: result.error }, 'push notification given up');
          dropped.push(job.subscriptionId);
          break;
        case 'failed':
          this.log.warn({ status: result.status, error: result.error }, 'push notification given up');
          dropped.push(job.subscriptionId);
          break;
      }
    }
    if (removed.length > 0) this.log.info({ count: removed.length }, 'push subscriptions gone; deleted');
    await this.repo.delivered(delivered, PUSH_COALESCE_MINUTES);
    await this.repo.removeById(removed);
    await this.repo.drop(dropped);
    await this.repo.postpone(later, true);
  }
}
