/**
 * The SMTP relay (nodemailer), and what its answer means for a mail: sent; refused for good at
 * the recipient (a hard bounce: 5xx to RCPT TO, other than a 5.7.x policy refusal, which says
 * more of our relay than of the address); the message refused (other 5xx); or try later (4xx,
 * no connection, a timeout).
 */
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { MailContent } from './messages.ts';

/** Connections to the relay kept open, per instance. */
const MAX_CONNECTIONS = 5;
/** A relay silent this long: the mail is tried again later. */
const TIMEOUT_MS = 20_000;

type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'bounced'; response: string }
  | { kind: 'failed'; response: string }
  | { kind: 'retry'; error: string };

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

export interface Mailer {
  send(to: string, content: MailContent): Promise<SendOutcome>;
  close(): void;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // The URL may carry the relay's options too (smtp://…:587?requireTLS=true).
  const options: SMTPPool.Options = {
    url: smtpUrl,
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
  const transport = nodemailer.createTransport(options, { from });
  return {
    async send(to, { subject, text, html, headers }) {
      try {
        await transport.sendMail({ to, subject, text, html, headers });
        return { kind: 'sent' };
      } catch (error) {
        const { code, responseCode, response, message } = error as SmtpError;
        if (responseCode === undefined || responseCode < 500) return { kind: 'retry', error: response ?? message };
        const policy = /\b5\.7\.\d{1,3}\b/.test(response ?? '');
        if (code === 'EENVELOPE' && !policy) return { kind: 'bounced', response: response ?? message };
        return { kind: 'failed', response: response ?? message };
      }
    },
    close: () => transport.close(),
  };
}
