/**
 * Area alerts by e-mail with two API instances on one PostgreSQL (issue 34): both deliver at the
 * same time, and each subscriber still receives one confirmation mail and one digest per alert,
 * whichever instance took the subscription, stored the alert or sent the mail.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '@wildalert/test-support';
import { createTestApp, createTestDatabase, postAlert, type TestApp } from './helpers.ts';

const PUBLIC_URL = 'https://wildalert.example';
const NOWA_HUTA = { latitude: 50.0716, longitude: 20.0377 };
const SUBSCRIBERS = 24;

let a: TestApp;
let b: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  const env = { SMTP_URL: inbox.url, MAIL_FROM: 'WildAlert <alerts@wildalert.example>', PUBLIC_URL };
  const database = await createTestDatabase();
  a = await createTestApp(env, {}, database);
  b = await createTestApp(env, {}, database);
});
afterAll(async () => {
  await b?.close();
  await a?.dispose();
  await inbox?.close();
});

/** Both instances deliver at once until neither has anything due. */
const deliverOnBoth = () => Promise.all([a.app.email.delivery!.flush(), b.app.email.delivery!.flush()]);

const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `resident${i}@mail.example`);

it('sends each subscriber one confirmation and one digest per alert while both instances deliver', async () => {
  // Half subscribe through A, half through B, each from a client address of its own.
  for (const [i, address] of addresses.entries()) {
    const app = i % 2 === 0 ? a.app : b.app;
    const res = await app.inject({
      method: 'POST',
      url: '/EmailSubscriptions',
      payload: { address, ...NOWA_HUTA, radius: 2, frequency: 'instant', language: 'pl' },
      remoteAddress: `198.51.100.${i + 1}`,
    });
    expect(res.statusCode, res.body).toBe(202);
  }
  await deliverOnBoth();
  for (const address of addresses) expect(inbox.to(address), address).toHaveLength(1);

  // Each follows its link on the other instance than the one that took the subscription.
  for (const [i, address] of addresses.entries()) {
    const token = new RegExp(`${PUBLIC_URL}/WildAlertApp/email/confirm\\?token=([A-Za-z0-9_-]{43})`).exec(inbox.to(address)[0]!.parsed.text ?? '')?.[1];
    const app = i % 2 === 0 ? b.app : a.app;
    const res = await app.inject({ method: 'POST', url: '/EmailSubscriptions/confirm', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
  }

  // A boar stored by B: both instances learn of it and both deliver.
  await postAlert(b.app, { ...NOWA_HUTA, animal: 'boar', comments: 'Przy pętli tramwajowej' });
  await deliverOnBoth();
  for (const address of addresses) {
    const mails = inbox.to(address);
    expect(mails, address).toHaveLength(2);
    expect(mails[1]!.parsed.subject).toBe('1 nowe zgłoszenie w pobliżu: 1 dzik');
  }
  // Nothing was left for later that would arrive twice.
  await deliverOnBoth();
  expect(inbox.received).toHaveLength(2 * SUBSCRIBERS);
});
