/**
 * Sends notifications to push services from worker threads (push-sender-worker.ts): each
 * notification costs an ECDH key agreement, an encryption and a TLS request, which for a
 * fan-out to thousands of devices would otherwise take the API's own thread away from its
 * visitors. Batches go to the least busy thread; a thread that dies fails its batches (their
 * jobs are tried again) and is replaced.
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
}

export type SendResult = { id: string } & (
  | { outcome: 'delivered' }
  /** The push service no longer knows the subscription (404, 410). */
  | { outcome: 'gone'; status: number }
  /** No answer, 429 or 5xx: the push service may take it later. */
  | { outcome: 'retry'; status?: number; retryAfterSeconds?: number; error?: string }
  /** Refused for good: another 4xx, a redirect (never followed), keys web-push cannot use. */
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
  topic: string;
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
  pending: Map<number, { resolve(results: SendResult[]): void; reject(error: Error): void; size: number }>;
}

const WORKER_URL = new URL('./push-sender-worker.ts', import.meta.url);

export class PushSender {
  private readonly threads: Thread[] = [];
  private batches = 0;
  private closing = false;

  constructor(
    private readonly settings: SenderSettings,
    threads: number,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    for (let i = 0; i < threads; i++) this.threads.push(this.start());
  }

  private start(): Thread {
    const thread: Thread = { worker: new Worker(WORKER_URL, { workerData: this.settings }), load: 0, pending: new Map() };
    thread.worker.on('message', ({ batch, results }: SenderResponse) => {
      const waiting = thread.pending.get(batch);
      if (!waiting) return;
      thread.pending.delete(batch);
      thread.load -= waiting.size;
      waiting.resolve(results);
    });
    const failed = (error: Error) => {
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
      thread.load = 0;
      const at = this.threads.indexOf(thread);
      if (at >= 0 && !this.closing) {
        this.log.warn({ err: error }, 'push sender thread failed; starting another');
        this.threads[at] = this.start();
      }
    };
    thread.worker.on('error', failed);
    thread.worker.on('exit', (code) => failed(new Error(`push sender thread exited (${code})`)));
    return thread;
  }

  /** Sends each notification; resolves with a result for each, in any order. */
  send(items: Outgoing[]): Promise<SendResult[]> {
    if (this.closing) return Promise.reject(new Error('push sender closed'));
    const thread = this.threads.reduce((least, t) => (t.load < least.load ? t : least));
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
