/**
 * Posts one webhook message: signed as the Standard Webhooks specification says (by the
 * `standardwebhooks` library: `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one signature per
 * secret, separated by spaces), over https, within a deadline, never following a redirect and
 * never connecting to a non-public address unless the host is trusted (webhook-targets.ts).
 */
import https from 'node:https';
import tls from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { judgeEndpoint, publicOnlyLookup, type PushServicePolicy } from '../push/push-services.ts';

/** A message to send once. */
export interface Message {
  /** The webhook-id: the same at every attempt. */
  id: string;
  url: string;
  body: string;
  /** whsec_… secrets, each of which signs it (the current one, and the previous within its grace). */
  secrets: readonly string[];
}

/** What an attempt came to: a 2xx, another status, or no answer at all (and why). */
export type Attempt = { status: number; error?: undefined } | { status?: undefined; error: string };

/** A receiver's answer body is not used; one larger than this is not read to the end. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface SenderOptions {
  policy: PushServicePolicy;
  /** Certificate authorities to trust besides the system's (WEBHOOK_CA_FILE's text). */
  caPem: string | undefined;
  /** No answer within this long: the attempt failed (and is retried). */
  timeoutMs: number;
}

export class WebhookSender {
  /** Hosts the operator named exactly: reached whatever they resolve to. */
  private readonly trustedAgent: https.Agent;
  /** Every other host: each address it resolves to must be public, checked as the socket connects. */
  private readonly publicAgent: https.Agent;

  constructor(private readonly options: SenderOptions) {
    const secureContext = options.caPem ? tls.createSecureContext({ ca: [...tls.rootCertificates, options.caPem] }) : undefined;
    const agentOptions = { keepAlive: true, ...(secureContext ? { secureContext } : {}) };
    this.trustedAgent = new https.Agent(agentOptions);
    this.publicAgent = new https.Agent({ ...agentOptions, lookup: publicOnlyLookup });
  }

  /** The webhook-signature header's value for `message` sent at `at`. */
  static signature(message: Pick<Message, 'id' | 'body' | 'secrets'>, at: Date): string {
    return message.secrets.map((secret) => new Webhook(secret).sign(message.id, at, message.body)).join(' ');
  }

  send(message: Message): Promise<Attempt> {
    const verdict = judgeEndpoint(message.url, this.options.policy);
    if (!verdict.allowed) return Promise.resolve({ error: `not sent: the URL ${verdict.reason === 'not-https' ? 'is not https' : 'is not a public address'}` });
    const at = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'WildAlert-Webhooks/1',
      'webhook-id': message.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': WebhookSender.signature(message, at),
    };
    const agent = verdict.trusted ? this.trustedAgent : this.publicAgent;
    return new Promise<Attempt>((resolve) => {
      let settled = false;
      const settle = (attempt: Attempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(attempt);
      };
      const request = https.request(message.url, { method: 'POST', headers, agent }, (response) => {
        settle({ status: response.statusCode ?? 0 });
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy();
        });
        response.on('error', () => {});
        // A body that trickles in forever does not keep the socket.
        request.setTimeout(this.options.timeoutMs, () => request.destroy());
      });
      // Connecting, sending and the answer's headers, all within the deadline, however slowly each goes.
      const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      request.on('error', (error: NodeJS.ErrnoException) => {
        settle({ error: error.code === 'ENOTPUBLIC' ? `not sent: ${error.message}` : error.message });
      });
      request.end(message.body);
    });
  }

  close(): void {
    this.trustedAgent.destroy();
    this.publicAgent.destroy();
  }
}
