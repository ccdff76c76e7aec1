/**
 * A push service on loopback for tests and benchmarks: it makes browser-like subscriptions (a
 * P-256 key pair and an auth secret, as a browser does), and for each message it is sent checks
 * the sender's VAPID JWT (RFC 8292: ES256 signature by the key in `k`, `aud` the endpoint's
 * origin, `exp` in the future and within 24 h, `sub` mailto: or https:) and decrypts the
 * aes128gcm payload (RFC 8291) with the subscription's private key, as a browser would. It
 * answers 201, or what a test asks for (404, 410, 429, 500, or a redirect). It speaks HTTPS, as every push
 * service does (web-push sends nothing else), with a certificate of its own: a server under test
 * trusts it through PUSH_CA_FILE.
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { selfSignedCertificate } from './certificate.ts';

/** http_ece (RFC 8188, the encoding web push uses; web-push's own), which ships no types. */
const { decrypt } = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface BrowserSubscription {
  endpoint: string;
  /** As PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string };
}

interface ReceivedPush {
  endpoint: string;
  /** The status answered. */
  status: number;
  /** The decrypted payload, parsed as JSON (undefined when `sample` left it encrypted). */
  payload: unknown;
  topic: string | undefined;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
}

export interface PushService {
  /** https://127.0.0.1:port */
  origin: string;
  /** 127.0.0.1:port: what a server's PUSH_SERVICES names to send to it. */
  host: string;
  /** The PEM file of its (self-signed) certificate: a client's trusted authority. */
  caFile: string;
  /** A new subscription, as a browser's pushManager.subscribe() makes one. */
  subscribe(): BrowserSubscription;
  /** The next answers to a subscription's messages, in order; 201 once they are used up. */
  answer(subscription: BrowserSubscription, ...statuses: number[]): void;
  /** Messages accepted and decrypted, in order of arrival (answered whatever status). */
  readonly received: readonly ReceivedPush[];
  /** Messages refused for a bad JWT or payload, with why: a test expects none. */
  readonly refused: readonly string[];
  /** TCP connections accepted so far. */
  connections(): number;
  /** Resolves once `count` messages have been answered in all. */
  waitFor(count: number): Promise<void>;
  /**
   * Holds every message arriving from now on unanswered, as a slow push service would, until
   * the function it returns is called. Resolves `arrived(n)` once n messages are held.
   */
  hold(): { arrived(count: number): Promise<void>; release(): void };
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** Checks the `Authorization: vapid t=…, k=…` header; answers the claims or throws why not. */
function checkVapid(authorization: string | undefined, origin: string): ReceivedPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token = '', k = ''] = match;
  const [head = '', body = '', signature = ''] = token.split('.');
  const header = parseJson<{ typ?: string; alg?: string }>(Buffer.from(head, 'base64url').toString());
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = parseJson<ReceivedPush['claims']>(Buffer.from(body, 'base64url').toString());
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now)) throw new Error('JWT expired');
  if (claims.exp > now + 24 * 3600) throw new Error('JWT exp more than 24 h ahead');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`);
  return claims;
}

export interface PushServiceOptions {
  /**
   * `all` (the default): every message's JWT is checked and its payload decrypted. `sample`, for
   * benchmarks, where this stand-in's own cryptography would take the CPU the sender is measured
   * on: each distinct JWT is checked once and one message in 50 is decrypted (the others are
   * received with an undefined payload).
   */
  verify?: 'all' | 'sample';
}

const SAMPLE_EVERY = 50;

export async function startPushService({ verify = 'all' }: PushServiceOptions = {}): Promise<PushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-push-service-'));
  const { key, cert, caFile } = selfSignedCertificate(dir);
  const clients = new Map<string, { keys: ECDH; auth: string; answers: number[] }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters = new Set<{ count: number; resolve(): void }>();
  let held: { requests: (() => void)[]; waiters: Set<{ count: number; resolve(): void }> } | undefined;
  let origin = '';
  /** In `sample` mode: the claims of each Authorization header already checked. */
  const checked = new Map<string, ReceivedPush['claims']>();
  let arrived = 0;

  const wake = (set: Set<{ count: number; resolve(): void }>, count: number) => {
    for (const w of set) {
      if (count >= w.count) {
        set.delete(w);
        w.resolve();
      }
    }
  };

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (held) {
        held.requests.push(answer);
        wake(held.waiters, held.requests.length);
      } else {
        answer();
      }
    });
    function answer() {
      const endpoint = `${origin}${req.url}`;
      const client = clients.get(req.url ?? '');
      const refuse = (status: number, why: string) => {
        refused.push(why);
        res.writeHead(status).end(why);
      };
      if (req.method !== 'POST' || !client) return refuse(404, `no subscription ${req.method} ${req.url}`);
      let claims: ReceivedPush['claims'];
      let payload: unknown;
      try {
        const authorization = req.headers.authorization ?? '';
        const known = verify === 'sample' ? checked.get(authorization) : undefined;
        claims = known && known.exp > Date.now() / 1000 ? known : checkVapid(authorization, origin);
        if (verify === 'sample') checked.set(authorization, claims);
      } catch (error) {
        return refuse(403, (error as Error).message);
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        arrived += 1;
        if (verify === 'all' || arrived % SAMPLE_EVERY === 1) {
          const plain = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: client.keys, authSecret: client.auth });
          payload = JSON.parse(plain.toString('utf8'));
        }
      } catch (error) {
        return refuse(400, `payload: ${(error as Error).message}`);
      }
      const status = client.answers.shift() ?? 201;
      received.push({
        endpoint,
        status,
        payload,
        topic: req.headers.topic as string | undefined,
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        claims,
      });
      if (status === 429) res.setHeader('retry-after', '1');
      // A redirect elsewhere on loopback, where a sender that followed it would go.
      if (status >= 300 && status < 400) res.setHeader('location', `https://127.0.0.1:9${req.url}`);
      res.writeHead(status).end();
      wake(waiters, received.length);
    }
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    host: new URL(origin).host,
    caFile,
    subscribe() {
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const auth = b64url(randomBytes(16));
      const path = `/push/${randomUUID()}`;
      clients.set(path, { keys, auth, answers: [] });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64url(keys.getPublicKey()), auth } };
    },
    answer(subscription, ...statuses) {
      clients.get(new URL(subscription.endpoint).pathname)?.answers.push(...statuses);
    },
    received,
    refused,
    connections: () => connections,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ count, resolve }));
    },
    hold() {
      const h = { requests: [] as (() => void)[], waiters: new Set<{ count: number; resolve(): void }>() };
      held = h;
      return {
        arrived: (count) =>
          h.requests.length >= count ? Promise.resolve() : new Promise((resolve) => h.waiters.add({ count, resolve })),
        release() {
          held = undefined;
          for (const answer of h.requests.splice(0)) answer();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
