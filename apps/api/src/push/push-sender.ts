/**
 * Sends notifications to push services from worker threads (push-sender-worker.ts): each
 * notification costs an ECDH key agreement, an encryption and a TLS request, which for a
 * fan-out to thousands of devices would otherwise take the API's own thread away from its
 * visitors. Batches go to the least busy thread; a thread that dies fails its batches (their
 * jobs are tried again) and is replaced. The threads start with the first notification to send:
 * an instance nobody subscribed on pays nothing for them (each costs ~0.2 s of CPU to start).
 */
import { Worker } from 'node:worker_threads';

/** One notification to send. */
export interface Outgoing {
  /** The subscription's id, which the result carries back. */
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The notification's JSON text. */
  payload: string;
  /**
   * The Web Push topic (RFC 8030 §5.4): a push service holding an undelivered notification of the
   * same topic for the device replaces it with this one. None: kept beside the others.
   */
  topic?: string;
}

export type SendResult = { id: string } & (
  | { outcome: 'delivered' }
  /** The push service no longer knows the subscription (404, 410). */
  | { outcome: 'gone'; status: number }
  /** No answer, 429 or 5xx: the push service may take it later. */
  | { outcome: 'retry'; status?: number; retryAfterSeconds?: number; error?: string }
  /** Refused for good: another 4xx, a redirect (never followed), keys that are not a P-256 point, a payload too large. */
  | { outcome: 'failed'; status?: number; error?: string }
  /** Not sent: the endpoint is not an allowed push service (any more), or it resolves to a non-public address. */
  | { outcome: 'refused'; reason: string }
);

export interface SenderSettings {
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** PUSH_SERVICES as configured. */
  pushServices: string;
  /** Certificate authorities to trust besides the system's (PUSH_CA_FILE's text). */
  caPem: string | undefined;
  ttlSeconds: number;
  /** No answer for this long: the request is given up (and tried again later). */
  timeoutMs: number;
  /** Requests under way at once per thread. */
  concurrency: number;
}

export interface SenderRequest {
  batch: number;
  items: Outgoing[];
}

export interface SenderResponse {
  batch: number;
  results: SendResult[];
}

interface Thread {
  worker: Worker;
  /** Notifications handed to it and not answered yet. */
  load: number;
  /** Failed; handed nothing more until its replacement starts. */
  dead: boolean;
  pending: Map<number, { resolve(results: SendResult[]): void; reject(error: Error): void; size: number }>;
}

const WORKER_URL = new URL('./push-sender-worker.ts', import.meta.url);
/** A thread that failed sooner than this after starting is replaced only after this long. */
const RESTART_PAUSE_MS = 5_000;

export class PushSender {
  private readonly threads: Thread[] = [];
  private batches = 0;
  private closing = false;

  constructor(
    private readonly settings: SenderSettings,
    private readonly threadCount: number,
    private readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  ) {}

  private start(): Thread {
    const thread: Thread = { worker: new Worker(WORKER_URL, { workerData: this.settings }), load: 0, dead: false, pending: new Map() };
    thread.worker.on('message', ({ batch, results }: SenderResponse) => {
      const waiting = thread.pending.get(batch);
      if (!waiting) return;
      thread.pending.delete(batch);
      thread.load -= waiting.size;
      waiting.resolve(results);
    });
    const startedAt = Date.now();
    const failed = (error: Error) => {
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
      thread.load = 0;
      const at = this.threads.indexOf(thread);
      if (at < 0 || this.closing || thread.dead) return;
      thread.dead = true;
      // A thread that dies at once (a Node.js older than 24, which cannot run the .ts file) would
      // otherwise be restarted in a busy loop: then the next waits a while.
      const soon = Date.now() - startedAt < RESTART_PAUSE_MS;
      this.log[soon ? 'error' : 'warn']({ err: error }, 'push sender thread failed; starting another');
      const replace = () => {
        if (!this.closing && this.threads[at]?.worker === thread.worker) this.threads[at] = this.start();
      };
      if (soon) setTimeout(replace, RESTART_PAUSE_MS).unref();
      else replace();
    };
    thread.worker.on('error', failed);
    thread.worker.on('exit', (code) => failed(new Error(`push sender thread exited (${code})`)));
    return thread;
  }

  /** Sends each notification; resolves with a result for each, in any order. */
  send(items: Outgoing[]): Promise<SendResult[]> {
    if (this.threads.length === 0 && !this.closing) for (let i = 0; i < this.threadCount; i++) this.threads.push(this.start());
    const alive = this.threads.filter((t) => !t.dead);
    if (this.closing || alive.length === 0) return Promise.reject(new Error(this.closing ? 'push sender closed' : 'no push sender thread runs'));
    const thread = alive.reduce((least, t) => (t.load < least.load ? t : least));
    const batch = ++this.batches;
    thread.load += items.length;
    return new Promise<SendResult[]>((resolve, reject) => {
      thread.pending.set(batch, { resolve, reject, size: items.length });
      thread.worker.postMessage({ batch, items } satisfies SenderRequest);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
