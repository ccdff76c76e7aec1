/**
 * What web push and webhook delivery share, in every API instance: passes that claim due work
 * (one at a time, none missed: coalesced), sends under way tracked until they are recorded, a
 * poll for what a lost NOTIFY or a retry's time leaves, and a stop that waits for the sends.
 * A subclass says what one pass does (`pass`) and starts each send with `track`.
 */
import { coalesced } from './coalesced.ts';

export interface DeliveryLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export abstract class DeliveryLoop {
  /** Overlapping calls share one pass (and one more after it). */
  private readonly passes = coalesced(() => this.pass(), () => !this.stopped);
  /** Sends under way: a slow receiver holds up neither the passes nor other sends. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  protected stopped = false;

  constructor(
    /** In the log's messages: "<what> failed". */
    private readonly what: string,
    private readonly pollMs: number,
    protected readonly log: DeliveryLog,
  ) {}

  /** Claims due work and starts sending it (`track`). */
  protected abstract pass(): Promise<void>;

  start(): void {
    this.every(this.pollMs, () => this.kick());
    this.kick();
  }

  /** Runs `task` every `ms` until stopped, without keeping the process alive. */
  protected every(ms: number, task: () => void): void {
    const timer = setInterval(task, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Stops claiming, then waits for the sends under way (`cutShort` may end them sooner). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.passes.current?.catch(() => undefined);
    this.cutShort();
    await Promise.all(this.inFlight);
  }

  /** At a stop, once no pass runs: end the sends under way early, if the subclass can. */
  protected cutShort(): void {}

  /** Something may be due (work queued, a send over, a retry's time): look for work. */
  kick(): void {
    if (this.stopped) return;
    this.passes.run().catch((err: unknown) => this.log.warn({ err }, `${this.what} failed`));
  }

  /** Resolves once everything due now has been sent and its outcome recorded. */
  async flush(): Promise<void> {
    await this.passes.run();
    while (this.inFlight.size > 0) {
      await Promise.all(this.inFlight);
      await this.passes.run();
    }
  }

  /** How many sends are under way in this instance. */
  protected get sending(): number {
    return this.inFlight.size;
  }

  /**
   * Keeps `send` (which records its outcome and never rejects) among the sends under way until it
   * settles, then runs `after` (which may look for more work: this send no longer counts).
   */
  protected track(send: Promise<void>, after?: () => void): void {
    const tracked: Promise<void> = send.finally(() => {
      this.inFlight.delete(tracked);
      after?.();
    });
    this.inFlight.add(tracked);
  }
}
