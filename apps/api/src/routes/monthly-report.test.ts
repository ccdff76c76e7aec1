/**
 * The monthly report by e-mail (issue 37), on both engines: the setting (GET/PUT …/monthly-report:
 * admins set it, members read it, others are refused, bad input changes nothing), and the send on
 * the 1st from 06:00 in Kraków, at a real SMTP server on loopback, with the figures of a direct count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '@wildalert/test-support';
import { createTestApp, organisationId, staffToken, type TestApp } from '../../test/helpers.ts';
import { AT_SIX, BEFORE_SIX, CITY_GUARD, expectedOctober, seedOctober } from '../../test/monthly-report-fixture.ts';

const PUBLIC_URL = 'https://wildalert.example';
let t: TestApp;
let inbox: SmtpInbox;
let clock = BEFORE_SIX;
let ADMIN = '';
let MEMBER = '';
let OTHER = '';
let guard = '';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'WildAlert <alerts@wildalert.example>', PUBLIC_URL }, { now: () => clock });
  guard = await organisationId(t.app, CITY_GUARD);
  const vet = await organisationId(t.app, 'Powiatowy Lekarz Weterynarii w Krakowie');
  ADMIN = await staffToken(t.app, 'admin');
  MEMBER = await staffToken(t.app, 'responder', 'Guard responder', { memberOf: guard });
  OTHER = await staffToken(t.app, 'responder', 'Vet responder', { memberOf: vet });
});
afterAll(async () => {
  await t?.dispose();
  await inbox?.close();
});

const call = (token: string, method: 'GET' | 'PUT', id: string, payload?: object) =>
  t.app.inject({ method, url: `/staff/organisations/${id}/monthly-report`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe('the setting', () => {
  it('is off until an admin asks for it; members read it, other organisations\' staff are refused', async () => {
    expect((await call(MEMBER, 'GET', guard)).json()).toEqual({ enabled: false, addresses: [], language: 'pl' });
    expect((await call(OTHER, 'GET', guard)).statusCode).toBe(403);
    const body = { enabled: true, addresses: ['dyzurny@straz.example', 'Szef@straz.example', 'szef@STRAZ.example'], language: 'en' };
    expect((await call(MEMBER, 'PUT', guard, body)).statusCode).toBe(403);
    expect((await call(OTHER, 'PUT', guard, body)).statusCode).toBe(403);
    const put = await call(ADMIN, 'PUT', guard, body);
    expect(put.statusCode, put.body).toBe(200);
    const saved = { enabled: true, addresses: ['dyzurny@straz.example', 'szef@STRAZ.example'], language: 'en' };
    expect(put.json()).toEqual(saved);
    expect((await call(MEMBER, 'GET', guard)).json()).toEqual(saved);
    expect((await call(ADMIN, 'GET', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses bad input with a problem and changes nothing', async () => {
    const before = (await call(ADMIN, 'GET', guard)).json();
    const bad = [
      { enabled: true, addresses: ['not an address'], language: 'en' },
      { enabled: true, addresses: Array.from({ length: 11 }, (_, i) => `a${i}@x.example`), language: 'en' },
      { enabled: true, addresses: [], language: 'en' },
      { enabled: true, addresses: ['a@x.example'], language: 'de' },
      { enabled: true, addresses: ['a@x.example'], language: 'en', extra: 1 },
      { addresses: ['a@x.example'], language: 'en' },
    ];
    for (const body of bad) {
      const res = await call(ADMIN, 'PUT', guard, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await call(ADMIN, 'GET', guard)).json()).toEqual(before);
  });

  it('turns off with enabled: false', async () => {
    const vet = await organisationId(t.app, 'Powiatowy Lekarz Weterynarii w Krakowie');
    await call(ADMIN, 'PUT', vet, { enabled: true, addresses: ['vet@lekarz.example'], language: 'pl' });
    const off = await call(ADMIN, 'PUT', vet, { enabled: false, addresses: [], language: 'pl' });
    expect(off.json()).toEqual({ enabled: false, addresses: [], language: 'pl' });
  });
});

describe('the send', () => {
  it('mails last month\'s figures on the 1st from 06:00 in Kraków, once to each address, in the language chosen', async () => {
    await seedOctober(t.app);
    const expected = await expectedOctober(t.app, guard);
    const job = t.app.monthlyReports.job!;

    clock = BEFORE_SIX;
    await job.flush();
    expect(inbox.received).toHaveLength(0);

    clock = AT_SIX;
    await job.flush();
    await job.flush();
    expect(inbox.received).toHaveLength(2);
    for (const address of ['dyzurny@straz.example', 'szef@STRAZ.example']) {
      const mails = inbox.to(address);
      expect(mails, address).toHaveLength(1);
      const { subject, text, html } = mails[0]!.parsed;
      expect(subject).toBe("WildAlert monthly report, October 2026: Kraków City Guard");
      const total = Object.values(expected.perAnimal).reduce((a, b) => a + b, 0);
      const lastYear = Object.values(expected.lastYear).reduce((a, b) => a + b, 0);
      expect(text).toContain(`All reports: ${total} (a year earlier: ${lastYear})`);
      expect(text).toContain(`${expected.perAnimal.boar} wild boars (a year earlier: ${expected.lastYear.boar})`);
      expect(text).toContain(`${expected.perAnimal.fox} fox (a year earlier: ${expected.lastYear.fox})`);
      for (const [area, n] of Object.entries(expected.areas)) expect(text).toContain(`  - ${area}: ${n}\n`);
      expect(text).toContain(`aggressive: ${expected.behaviours.aggressive}`);
      expect(text).toContain(`injured: ${expected.behaviours.injured}`);
      expect(text).toContain(`Alerts in your inbox: ${expected.guardEntries}`);
      expect(text).toContain(`Acknowledged: 2, median time ${expected.guardAckMedianMinutes} min`);
      expect(text).toContain(`Resolved: 1, median time ${expected.guardResolvedMedianMinutes / 60} hr`);
      expect(text).toContain(`${PUBLIC_URL}/WildAlertApp/staff/dashboard?from=2026-10-01&to=2026-10-31&lang=en`);
      expect(html).toContain('<h2>By animal</h2>');
      expect(html).toContain(`<li>${expected.perAnimal.boar} wild boars (a year earlier: ${expected.lastYear.boar})</li>`);
    }
    // Later passes that day send nothing more.
    clock = new Date(AT_SIX.getTime() + 3_600_000);
    await job.flush();
    expect(inbox.received).toHaveLength(2);
  });
});
