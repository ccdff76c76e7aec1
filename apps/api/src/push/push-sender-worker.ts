/**
 * The push sender's worker thread (push-sender.ts starts it): encrypts each notification for its
 * subscription (aes128gcm, RFC 8291: payload-encryption.ts), signs for the push service (VAPID,
 * RFC 8292: web-push) and POSTs it, so that this CPU-heavy work never holds up the API's own
 * thread. Runs with a lower priority than the API's
 * thread where the system allows it, so a fan-out to thousands of devices takes what the API
 * leaves. Only the push services PUSH_SERVICES allows are reached, and none at a non-public
 * address (push-services.ts); redirects are not followed.
 *
 * Node runs this file itself (type stripping): plain, erasable TypeScript only.
 */
import fs from 'node:fs';
import os from 'node:os';
import tls from 'node:tls';
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';
import webpush from 'web-push';
import { encryptPayload } from './payload-encryption.ts';
import { judgeEndpoint, parsePushServices, publicOnlyLookup } from './push-services.ts';
import type { Outgoing, SendResult, SenderRequest, SenderResponse, SenderSettings } from './push-sender.ts';

const settings = workerData as SenderSettings;
const policy = parsePushServices(settings.pushServices);
if (!policy) throw new Error(`PUSH_SERVICES is not valid: ${settings.pushServices}`);

/** A lower priority (nice 10) for this thread alone; Linux names threads in /proc/thread-self. */
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid)) os.setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

/**
 * Extra authorities in one secure context made once: given as `ca`, the system's ~150 roots
 * would be parsed again for every connection.
 */
const secureContext = settings.caPem ? tls.createSecureContext({ ca: [...tls.rootCertificates, settings.caPem] }) : undefined;
/**
 * undici rather than node:https: a request costs its client about half the CPU (~0.12 ms against
 * ~0.23 ms on this machine), and a fan-out is CPU-bound. Connections are kept open between
 * notifications; a push service gets at most 64 at once from one thread. Redirects are not followed.
 */
const agentOptions = {
  connections: 64,
  headersTimeout: settings.timeoutMs,
  bodyTimeout: settings.timeoutMs,
  connect: { timeout: settings.timeoutMs, ...(secureContext ? { secureContext } : {}) },
};
/** Hosts the operator named exactly: reached whatever they resolve to. */
const trustedAgent = new Agent(agentOptions);
/** Every other host: each address it resolves to must be public, checked as the socket connects. */
const publicAgent = new Agent({ ...agentOptions, connect: { ...agentOptions.connect, lookup: publicOnlyLookup } });

/** A VAPID JWT (RFC 8292) is valid for 12 hours; each push service's is signed once an hour, not once a notification. */
const VAPID_VALID_S = 12 * 3600;
const VAPID_RENEW_MS = 3600_000;
const vapidByAudience = new Map<string, { authorization: string; madeAt: number }>();

function vapidAuthorization(audience: string): string {
  const cached = vapidByAudience.get(audience);
  if (cached && Date.now() - cached.madeAt < VAPID_RENEW_MS) return cached.authorization;
  const { subject, publicKey, privateKey } = settings.vapid;
  const expiration = Math.floor(Date.now() / 1000) + VAPID_VALID_S;
  const headers = webpush.getVapidHeaders(audience, subject, publicKey, privateKey, 'aes128gcm', expiration);
  vapidByAudience.set(audience, { authorization: headers.Authorization, madeAt: Date.now() });
  return headers.Authorization;
}

/** Requests under way in this thread. */
let active = 0;
const waiting: Array<() => void> = [];
async function slot(): Promise<void> {
  if (active < settings.concurrency) {
    active += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else active -= 1;
}

/** What an answer means for the subscription: 2xx sent; 404/410 gone; 429/5xx later; anything else (a redirect too) will not change. */
function outcomeOf(id: string, status: number, retryAfter: string | string[] | undefined): SendResult {
  if (status >= 200 && status < 300) return { id, outcome: 'delivered' };
  if (status === 404 || status === 410) return { id, outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    const seconds = Number(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    return { id, outcome: 'retry', status, ...(retryAfter !== undefined && Number.isFinite(seconds) && seconds >= 0 ? { retryAfterSeconds: seconds } : {}) };
  }
  return { id, outcome: 'failed', status };
}

/** The error, or what caused it, is a name that resolved to a non-public address (publicOnlyLookup). */
function notPublic(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: unknown };
  return code === 'ENOTPUBLIC' || (cause !== undefined && notPublic(cause));
}

async function post(item: Outgoing, url: URL, agent: Agent): Promise<SendResult> {
  // Outside the try: keys that cannot be used fail the notification for good (sendOne).
  const body = encryptPayload(item.keys, Buffer.from(item.payload));
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        Authorization: vapidAuthorization(url.origin),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        TTL: String(settings.ttlSeconds),
        Urgency: 'normal',
        ...(item.topic ? { Topic: item.topic } : {}),
      },
      body,
      // However slowly a push service answers, a notification takes at most this long.
      signal: AbortSignal.timeout(settings.timeoutMs * 2),
    });
    // The answer's body says nothing we use; a large one is not read.
    response.body.dump({ limit: 64 * 1024 }).catch(() => {});
    return outcomeOf(item.id, response.statusCode, response.headers['retry-after']);
  } catch (error) {
    if (notPublic(error)) return { id: item.id, outcome: 'refused', reason: 'not-public' };
    return { id: item.id, outcome: 'retry', error: (error as Error).message };
  }
}

async function sendOne(item: Outgoing): Promise<SendResult> {
  const verdict = judgeEndpoint(item.endpoint, policy!);
  if (!verdict.allowed) return { id: item.id, outcome: 'refused', reason: verdict.reason };
  await slot();
  try {
    return await post(item, new URL(item.endpoint), verdict.trusted ? trustedAgent : publicAgent);
  } catch (error) {
    // The subscription's keys could not be used, or the payload is too large for a push message.
    return { id: item.id, outcome: 'failed', error: (error as Error).message };
  } finally {
    release();
  }
}

parentPort!.on('message', (request: SenderRequest) => {
  void Promise.all(request.items.map(sendOne)).then((results) => {
    parentPort!.postMessage({ batch: request.batch, results } satisfies SenderResponse);
  });
});
