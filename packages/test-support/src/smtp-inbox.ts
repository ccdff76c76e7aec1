/**
 * An SMTP server on loopback for tests (smtp-server, the SMTP server library nodemailer's authors
 * keep): it accepts what a relay would, parses each message (mailparser) before answering 250, so
 * that a sender's "sent" means "in the inbox", and refuses the recipients a test names with the
 * reply it gives (a hard bounce: 550 5.1.1; a full mailbox: 452 4.2.2).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  parsed: ParsedMail;
  /** A header's value as sent, unfolded (`list-unsubscribe`): lower-case name. */
  header(name: string): string | undefined;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:port: what a server's SMTP_URL names. */
  url: string;
  readonly received: readonly ReceivedMail[];
  /** Mails received for `address`, in order. */
  to(address: string): ReceivedMail[];
  /** Recipients refused with `code` and `message` from now on (RCPT TO), e.g. 550 '5.1.1 No such user'. */
  refuse(address: string, code: number, message: string): void;
  /** Recipients accepted again from now on. */
  accept(address: string): void;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, and nothing leaves the machine.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const raw = parsed.headerLines;
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            parsed,
            header: (name) => {
              const line = raw.find((h) => h.key === name.toLowerCase())?.line;
              return line?.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
            },
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    refuse: (address, code, message) => refusals.set(address.toLowerCase(), { code, message }),
    accept: (address) => refusals.delete(address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
