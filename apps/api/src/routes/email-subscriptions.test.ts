/**
 * Area alerts by e-mail, end to end: subscriptions through the API, the mails received by a real
 * SMTP server on loopback (smtp-server) and read as a mail client would: the confirmation and its
 * link, digests grouped by place and animal in the subscriber's language, RFC 8058's one-click
 * unsubscribe, bounces, and the limits on who may make the server write to whom.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '@wildalert/test-support';
import { createTestApp, postAlert, type TestApp } from '../../test/helpers.ts';

const PUBLIC_URL = 'https://wildalert.example';
const BOUNCES_TOKEN = 'b'.repeat(40);
const PER_ADDRESS = 3;
const PER_CLIENT = 5;

let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'WildAlert <alerts@wildalert.example>',
    PUBLIC_URL,
    EMAIL_BOUNCES_TOKEN: BOUNCES_TOKEN,
    EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: String(PER_ADDRESS),
    EMAIL_CONFIRMATIONS_PER_CLIENT_PER_DAY: String(PER_CLIENT),
  });
});
afterAll(async () => {
  await t?.dispose();
  await inbox?.close();
});

/** Each case its own place (~45 km apart: no case's alerts reach another's area) and its own client address. */
let cases = 0;
function newCase() {
  cases += 1;
  return {
    place: { latitude: 49 + cases * 0.4, longitude: 16 + cases * 0.4 },
    client: `198.51.100.${cases}`,
    address: `resident${cases}@mail.example`,
  };
}

const north = (p: { latitude: number; longitude: number }, metres: number) => ({ latitude: p.latitude + metres / 111_195, longitude: p.longitude });

/** Runs delivery to the end: every committed alert matched, every due mail sent. */
const deliver = () => t.app.email.delivery!.flush();
/** As if each queued mail's time (the frequency's wait, a retry's back-off) had come. */
const timePasses = () => t.app.db.query('UPDATE email_jobs SET run_at = now()');

const subscribe = (client: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/EmailSubscriptions', payload: body, remoteAddress: client, headers });

const tokenIn = (mail: ReceivedMail, page: 'confirm' | 'unsubscribe') =>
  new RegExp(`${PUBLIC_URL}/WildAlertApp/email/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.parsed.text ?? '')?.[1];

/** Subscribes `address`, receives the confirmation mail and follows its link: answers that mail. */
async function confirmed(c: ReturnType<typeof newCase>, area: Record<string, unknown>): Promise<ReceivedMail> {
  const before = inbox.to(c.address).length;
  const res = await subscribe(c.client, { address: c.address, ...c.place, radius: 2, ...area });
  expect(res.statusCode, res.body).toBe(202);
  await deliver();
  const mail = inbox.to(c.address)[before];
  expect(mail).toBeDefined();
  const confirm = await t.app.inject({ method: 'POST', url: '/EmailSubscriptions/confirm', payload: { token: tokenIn(mail!, 'confirm') } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return mail!;
}

describe('subscribing', () => {
  it('sends a confirmation mail in the chosen language, writes nothing more until its link is followed, and takes the link once', async () => {
    const c = newCase();
    const res = await subscribe(c.client, { address: c.address, ...c.place, radius: 2, frequency: 'instant', language: 'pl' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ data: { address: c.address } });
    await deliver();
    const [mail] = inbox.to(c.address);
    expect(mail).toBeDefined();
    expect(mail!.parsed.from?.value).toEqual([{ name: 'WildAlert', address: 'alerts@wildalert.example' }]);
    expect(mail!.parsed.subject).toBe('Potwierdź powiadomienia e-mail WildAlert');
    expect(mail!.header('content-language')).toBe('pl');
    expect(mail!.header('auto-submitted')).toBe('auto-generated');
    expect(mail!.parsed.text).toContain('w promieniu 2 km od');
    expect(mail!.parsed.text).toContain('przy każdym nowym zgłoszeniu');
    const token = tokenIn(mail!, 'confirm');
    expect(token).toBeDefined();

    // Unconfirmed: an alert in the area is not mailed.
    await postAlert(t.app, { ...north(c.place, 300), animal: 'boar' });
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(1);

    const confirm = await t.app.inject({ method: 'POST', url: '/EmailSubscriptions/confirm', payload: { token } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ data: { address: c.address, radius: 2, frequency: 'instant', language: 'pl', animals: null } });
    const again = await t.app.inject({ method: 'POST', url: '/EmailSubscriptions/confirm', payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('forgets a subscription not confirmed in time: its link no longer works', async () => {
    const c = newCase();
    expect((await subscribe(c.client, { address: c.address, ...c.place, radius: 1, frequency: 'daily' })).statusCode).toBe(202);
    await deliver();
    const token = tokenIn(inbox.to(c.address)[0]!, 'confirm');
    await t.app.db.query("UPDATE email_subscriptions SET expires_at = now() - interval '1 second' WHERE address = $1", [c.address]);
    await deliver();
    const late = await t.app.inject({ method: 'POST', url: '/EmailSubscriptions/confirm', payload: { token } });
    expect(late.statusCode).toBe(404);
    expect(await t.app.db.query('SELECT 1 FROM email_subscriptions WHERE address = $1', [c.address])).toHaveLength(0);
  });

  it.each([
    ['an address that is no address', { address: 'not-an-address' }],
    ['an unknown frequency', { frequency: 'weekly' }],
    ['a radius over 10 km', { radius: 11 }],
    ['an unknown animal', { animals: ['dragon'] }],
    ['an unknown field', { endpoint: 'https://push.example' }],
  ])('refuses %s with a problem and queues no mail', async (_, change) => {
    const c = newCase();
    const res = await subscribe(c.client, { address: c.address, ...c.place, radius: 2, frequency: 'hourly', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(0);
  });
});

describe('digests', () => {
  it('mails a new alert at once (instant), then gathers what comes in the next 10 minutes into one mail grouped by place and animal', async () => {
    const c = newCase();
    await confirmed(c, { frequency: 'instant', language: 'pl' });
    await postAlert(t.app, { ...north(c.place, 100), animal: 'badger' });
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(2);
    expect(inbox.to(c.address)[1]!.parsed.subject).toBe('1 nowe zgłoszenie w pobliżu: 1 borsuk');

    // Within 10 minutes of a mail the next alerts wait, and come together.
    await postAlert(t.app, { ...north(c.place, 800), animal: 'boar', comments: 'Locha z warchlakami' });
    await postAlert(t.app, { ...north(c.place, 1500), animal: 'fox' });
    await postAlert(t.app, { ...north(c.place, 820), animal: 'boar', comments: 'Znowu przy śmietniku' });
    await postAlert(t.app, { ...north(c.place, 2600), animal: 'fox', comments: 'Outside the area' });
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(2);
    await timePasses();
    await deliver();
    const mails = inbox.to(c.address);
    expect(mails).toHaveLength(3);
    const digest = mails[2]!;
    expect(digest.parsed.subject).toBe('3 nowe zgłoszenia w pobliżu: 2 dziki, 1 lis');
    const text = digest.parsed.text!;
    // One group per place and animal, the nearest first: the two boars under one heading, then the fox.
    expect(text).toContain('2 dziki, 800 m od Twojego miejsca');
    expect(text).toContain('1 lis, 1,5 km od Twojego miejsca');
    expect(text.indexOf('2 dziki')).toBeLessThan(text.indexOf('Znowu przy śmietniku'));
    expect(text.indexOf('Znowu przy śmietniku')).toBeLessThan(text.indexOf('Locha z warchlakami'));
    expect(text.indexOf('Locha z warchlakami')).toBeLessThan(text.indexOf('1 lis'));
    expect(text).toContain('(bez opisu)');
    expect(text).not.toContain('Outside the area');
    expect(text).toContain(`${PUBLIC_URL}/WildAlertApp/alerts/`);
    expect(text).toContain('Wypisz się jednym kliknięciem:');
    expect(digest.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(digest.header('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/EmailSubscriptions/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`));
  });

  it('writes in English and Ukrainian too: the chosen language, else the best of Accept-Language', async () => {
    const en = newCase();
    const uk = newCase();
    const enMail = await (async () => {
      const res = await subscribe(en.client, { address: en.address, ...en.place, radius: 2, frequency: 'instant' }, { 'accept-language': 'en-GB,en;q=0.9' });
      expect(res.statusCode).toBe(202);
      await deliver();
      return inbox.to(en.address)[0]!;
    })();
    expect(enMail.parsed.subject).toBe('Confirm your WildAlert e-mail alerts');
    expect(enMail.header('content-language')).toBe('en');
    await t.app.inject({ method: 'POST', url: '/EmailSubscriptions/confirm', payload: { token: tokenIn(enMail, 'confirm') } });
    const ukMail = await confirmed(uk, { frequency: 'instant', language: 'uk' });
    expect(ukMail.parsed.subject).toBe('Підтвердьте сповіщення WildAlert електронною поштою');
    expect(ukMail.parsed.text).toContain('Посилання діє до');

    await postAlert(t.app, { ...north(en.place, 500), animal: 'roe-deer', comments: 'Two of them' });
    await postAlert(t.app, { ...north(uk.place, 500), animal: 'boar' });
    await deliver();
    const enDigest = inbox.to(en.address)[1]!;
    expect(enDigest.parsed.subject).toBe('1 new report near your place: 1 roe deer');
    expect(enDigest.parsed.text).toContain('1 roe deer, 500 m from your place');
    expect(enDigest.parsed.text).toContain('Unsubscribe with one click:');
    const ukDigest = inbox.to(uk.address)[1]!;
    expect(ukDigest.parsed.subject).toBe('1 нове повідомлення поблизу: 1 дикий кабан');
    expect(ukDigest.parsed.text).toContain('від вашого місця');
    expect(ukDigest.header('content-language')).toBe('uk');
  });

  it.each([
    ['hourly', 60],
    ['daily', 24 * 60],
  ])('collects the alerts of an %s digest into one mail when its time comes, and keeps the next a whole period later', async (frequency, minutes) => {
    const c = newCase();
    await confirmed(c, { frequency, language: 'en', animals: ['boar', 'fox'] });
    await postAlert(t.app, { ...north(c.place, 300), animal: 'boar' });
    await deliver();
    await postAlert(t.app, { ...north(c.place, 1300), animal: 'fox', comments: 'By the school' });
    await postAlert(t.app, { ...north(c.place, 400), animal: 'hare', comments: 'Not wanted' });
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(1);
    const [job] = await t.app.db.query<{ wait: number }>(
      "SELECT (extract(epoch FROM run_at - now()) / 60)::float8 AS wait FROM email_jobs j JOIN email_subscriptions s ON s.id = j.subscription_id WHERE s.address = $1 AND j.kind = 'digest'",
      [c.address],
    );
    expect(job!.wait).toBeGreaterThan(minutes - 2);
    expect(job!.wait).toBeLessThanOrEqual(minutes);

    await timePasses();
    await deliver();
    const mails = inbox.to(c.address);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.parsed.subject).toBe('2 new reports near your place: 1 fox, 1 wild boar');
    expect(mails[1]!.parsed.text).not.toContain('Not wanted');

    // The next alert waits a whole period after this mail, however soon it comes.
    await postAlert(t.app, { ...north(c.place, 300), animal: 'fox' });
    await deliver();
    const [next] = await t.app.db.query<{ wait: number }>(
      'SELECT (extract(epoch FROM j.run_at - s.last_sent_at) / 60)::float8 AS wait FROM email_jobs j JOIN email_subscriptions s ON s.id = j.subscription_id WHERE s.address = $1',
      [c.address],
    );
    expect(next!.wait).toBeGreaterThanOrEqual(minutes);
    expect(inbox.to(c.address)).toHaveLength(2);
  });
});

describe('stopping', () => {
  it("stops at RFC 8058's one-click POST to the List-Unsubscribe URL; a GET of it only leads to the page", async () => {
    const c = newCase();
    const confirmation = await confirmed(c, { frequency: 'instant' });
    const url = new URL(/^<(.*)>$/.exec(confirmation.header('list-unsubscribe')!)![1]!);
    expect(url.origin).toBe(PUBLIC_URL);
    const path = `${url.pathname}${url.search}`;

    const look = await t.app.inject({ method: 'GET', url: path });
    expect(look.statusCode).toBe(303);
    expect(look.headers.location).toBe(`/WildAlertApp/email/unsubscribe${url.search}`);
    await postAlert(t.app, { ...north(c.place, 200), animal: 'fox' });
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(2);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(204);
    // Pressed twice (or by the page after the mail client): the same answer.
    const again = await t.app.inject({ method: 'POST', url: path });
    expect(again.statusCode, again.body).toBe(204);
    await postAlert(t.app, { ...north(c.place, 200), animal: 'fox' });
    await timePasses();
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(2);
  });

  it('stops every mail to an address its relay refuses for good (550 5.1.1), and takes no new subscription for it', async () => {
    const c = newCase();
    await confirmed(c, { frequency: 'instant' });
    inbox.refuse(c.address, 550, '5.1.1 No such user here');
    await postAlert(t.app, { ...north(c.place, 200), animal: 'boar' });
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(1);
    expect(await t.app.db.query('SELECT 1 FROM email_subscriptions WHERE address = $1', [c.address])).toHaveLength(0);
    const again = await subscribe(newCase().client, { address: c.address.toUpperCase(), ...c.place, radius: 2, frequency: 'daily' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('tries a mail again later when the relay refuses it for now (452), and sends it then', async () => {
    const c = newCase();
    inbox.refuse(c.address, 452, '4.2.2 Mailbox full');
    expect((await subscribe(c.client, { address: c.address, ...c.place, radius: 2, frequency: 'instant' })).statusCode).toBe(202);
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(0);
    inbox.accept(c.address);
    await timePasses();
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(1);
  });

  it("stops at the provider's report of a bounce or a complaint, which needs the bounce token", async () => {
    const bounced = newCase();
    const complained = newCase();
    await confirmed(bounced, { frequency: 'instant' });
    await confirmed(complained, { frequency: 'instant' });
    const report = (address: string, type: string, token: string) =>
      t.app.inject({ method: 'POST', url: '/EmailBounces', headers: { authorization: `Bearer ${token}` }, payload: { address, type } });
    const forged = await report(bounced.address, 'bounce', 'x'.repeat(40));
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await report(bounced.address, 'bounce', BOUNCES_TOKEN)).statusCode).toBe(204);
    expect((await report(complained.address, 'complaint', BOUNCES_TOKEN)).statusCode).toBe(204);
    await postAlert(t.app, { ...north(bounced.place, 200), animal: 'boar' });
    await postAlert(t.app, { ...north(complained.place, 200), animal: 'boar' });
    await deliver();
    expect(inbox.to(bounced.address)).toHaveLength(1);
    expect(inbox.to(complained.address)).toHaveLength(1);
    expect((await subscribe(newCase().client, { address: complained.address, ...complained.place, radius: 2, frequency: 'daily' })).statusCode).toBe(409);
  });
});

describe('limits', () => {
  it(`sends at most ${PER_ADDRESS} confirmation mails a day to one address, whoever asks`, async () => {
    const c = newCase();
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      expect((await subscribe(newCase().client, { address: c.address, ...c.place, radius: 2, frequency: 'daily' })).statusCode).toBe(202);
    }
    const over = await subscribe(newCase().client, { address: c.address.toUpperCase(), ...c.place, radius: 2, frequency: 'daily' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json<{ detail: string }>().detail).toContain('to this e-mail address');
    await deliver();
    expect(inbox.to(c.address)).toHaveLength(PER_ADDRESS);
  });

  it(`sends at most ${PER_CLIENT} confirmation mails a day for one client address, whatever the recipients`, async () => {
    const c = newCase();
    for (let i = 0; i < PER_CLIENT; i += 1) {
      expect((await subscribe(c.client, { address: `many${i}-${c.address}`, ...c.place, radius: 2, frequency: 'daily' })).statusCode).toBe(202);
    }
    const over = await subscribe(c.client, { address: `one-more-${c.address}`, ...c.place, radius: 2, frequency: 'daily' });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ detail: string }>().detail).toContain('from your address');
    await deliver();
    expect(inbox.to(`one-more-${c.address}`)).toHaveLength(0);
  });
});

describe('without SMTP', () => {
  it('answers that this server sends no e-mail, and stores nothing', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/EmailSubscriptions',
        payload: { address: 'someone@mail.example', latitude: 50, longitude: 20, radius: 2, frequency: 'daily' },
      });
      expect(res.statusCode).toBe(501);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ type: '/problems/email-not-configured' });
      expect(await plain.app.db.query('SELECT 1 FROM email_subscriptions')).toHaveLength(0);
      const bounce = await plain.app.inject({ method: 'POST', url: '/EmailBounces', headers: { authorization: `Bearer ${BOUNCES_TOKEN}` }, payload: { address: 'someone@mail.example', type: 'bounce' } });
      expect(bounce.statusCode).toBe(404);
    } finally {
      await plain.dispose();
    }
  });
});
