/**
 * A webhook receiver on 127.0.0.1 for tests, as an organisation's system would be: HTTPS with a
 * certificate of its own (a server under test trusts it through WEBHOOK_CA_FILE and names it in
 * WEBHOOK_TRUSTED_HOSTS), verifying every request with the `standardwebhooks` library's
 * Webhook.verify against the secrets a test gives each path. It answers 204, or what a test asks
 * for: a status, or nothing at all (`hang`, a dead endpoint).
 */
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { selfSignedCertificate } from '@wildalert/test-support';

interface ReceivedWebhook {
  path: string;
  id: string;
  /** webhook-timestamp, in seconds. */
  timestamp: number;
  /** The body as parsed by Webhook.verify: {type, timestamp, data}. */
  body: { type: string; timestamp: string; data: unknown };
  /** Which of the path's secrets verified it (by index in `trust`'s list). */
  verifiedBy: number[];
  /** What was answered: a status, or `hang`. */
  answer: number | 'hang';
}

type Answer = number | 'hang';

export interface WebhookReceiver {
  /** 127.0.0.1:port: what WEBHOOK_TRUSTED_HOSTS names. */
  host: string;
  caFile: string;
  /** https://127.0.0.1:port/<path> */
  url(path: string): string;
  /** The secrets (whsec_…) a path verifies with, replacing earlier ones. */
  trust(path: string, ...secrets: string[]): void;
  /** The next answers on a path, in order; 204 once they are used up. */
  answer(path: string, ...answers: Answer[]): void;
  /** Requests that verified with at least one secret, in order of arrival. */
  readonly received: readonly ReceivedWebhook[];
  /** Requests that verified with none, with why: a test expects none. */
  readonly refused: readonly string[];
  /** TCP connections accepted so far. */
  connections(): number;
  /** Requests being held unanswered now (`hang`). */
  hanging(): number;
  /** Resolves once `count` requests have arrived on `path` (any path when undefined). */
  waitFor(count: number, path?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-webhook-receiver-'));
  const { key, cert, caFile } = selfSignedCertificate(dir);
  const secrets = new Map<string, string[]>();
  const answers = new Map<string, Answer[]>();
  const received: ReceivedWebhook[] = [];
  const refused: string[] = [];
  const waiters = new Set<() => void>();
  let connections = 0;
  let hanging = 0;

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = new URL(req.url ?? '/', 'https://127.0.0.1').pathname.slice(1);
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = req.headers as Record<string, string>;
      const verifiedBy: number[] = [];
      let parsed: ReceivedWebhook['body'] | undefined;
      const reasons: string[] = [];
      for (const [i, secret] of (secrets.get(at) ?? []).entries()) {
        try {
          parsed = new Webhook(secret).verify(body, headers) as ReceivedWebhook['body'];
          verifiedBy.push(i);
        } catch (error) {
          reasons.push((error as Error).message);
        }
      }
      if (!parsed) {
        refused.push(`${at}: ${reasons.join('; ') || 'no secret to verify with'}`);
        res.writeHead(401).end();
        return;
      }
      const answer = answers.get(at)?.shift() ?? 204;
      received.push({ path: at, id: headers['webhook-id']!, timestamp: Number(headers['webhook-timestamp']), body: parsed, verifiedBy, answer });
      for (const wake of waiters) wake();
      if (answer === 'hang') {
        hanging += 1;
        res.on('close', () => (hanging -= 1));
        return;
      }
      res.writeHead(answer).end();
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: `127.0.0.1:${port}`,
    caFile,
    url: (at) => `https://127.0.0.1:${port}/${at}`,
    trust: (at, ...list) => secrets.set(at, list),
    answer: (at, ...list) => answers.set(at, [...(answers.get(at) ?? []), ...list]),
    received,
    refused,
    connections: () => connections,
    hanging: () => hanging,
    waitFor(count, at) {
      const arrived = () => received.filter((r) => at === undefined || r.path === at).length >= count;
      if (arrived()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          if (!arrived()) return;
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
