/**
 * The monthly report with two API instances on one PostgreSQL (issue 37): both run the job at
 * once on the 1st at 06:00 in Kraków, and each address still receives the report exactly once,
 * in the organisation's language, with the figures of a direct count; before 06:00 nothing goes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '@wildalert/test-support';
import { createTestApp, createTestDatabase, staffToken, type TestApp } from './helpers.ts';
import { AT_SIX, BEFORE_SIX, expectedOctober, seedOctober } from './monthly-report-fixture.ts';

const PUBLIC_URL = 'https://wildalert.example';
const ADDRESSES = ['dyzurny@straz.example', 'szef@straz.example', 'analityk@straz.example'];

let a: TestApp;
let b: TestApp;
let inbox: SmtpInbox;
let clock = BEFORE_SIX;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  const env = { SMTP_URL: inbox.url, MAIL_FROM: 'WildAlert <alerts@wildalert.example>', PUBLIC_URL };
  const database = await createTestDatabase();
  a = await createTestApp(env, { now: () => clock }, database);
  b = await createTestApp(env, { now: () => clock }, database);
});
afterAll(async () => {
  await b?.close();
  await a?.dispose();
  await inbox?.close();
});

/** Both instances run the job at once, several times over, until neither has anything due. */
const runOnBoth = async () => {
  for (let i = 0; i < 3; i++) await Promise.all([a.app.monthlyReports.job!.flush(), b.app.monthlyReports.job!.flush(), a.app.monthlyReports.job!.flush()]);
};

it("sends last month's report once to each address while both instances run the job, only from 06:00 on the 1st", async () => {
  const guard = await seedOctober(a.app);
  const admin = await staffToken(a.app, 'admin');
  const put = await b.app.inject({
    method: 'PUT',
    url: `/staff/organisations/${guard}/monthly-report`,
    headers: { authorization: `Bearer ${admin}` },
    payload: { enabled: true, addresses: ADDRESSES, language: 'uk' },
  });
  expect(put.statusCode, put.body).toBe(200);
  const expected = await expectedOctober(a.app, guard);

  clock = BEFORE_SIX;
  await runOnBoth();
  expect(inbox.received).toHaveLength(0);

  clock = AT_SIX;
  await runOnBoth();
  for (const address of ADDRESSES) {
    const mails = inbox.to(address);
    expect(mails, address).toHaveLength(1);
    const { subject, text, html } = mails[0]!.parsed;
    expect(subject).toMatch(/^Щомісячний звіт WildAlert, жовтень 2026/);
    expect(mails[0]!.header('content-language')).toBe('uk');
    const total = Object.values(expected.perAnimal).reduce((x, y) => x + y, 0);
    const lastYear = Object.values(expected.lastYear).reduce((x, y) => x + y, 0);
    expect(text).toContain(`Усі повідомлення: ${total} (роком раніше: ${lastYear})`);
    expect(text).toContain(`(роком раніше: ${expected.lastYear.boar})`);
    for (const [area, n] of Object.entries(expected.areas)) expect(text).toContain(`  - ${area}: ${n}\n`);
    expect(text).toContain(`Повідомлень у вашій скриньці: ${expected.guardEntries}`);
    expect(text).toContain(`${PUBLIC_URL}/WildAlertApp/staff/dashboard?from=2026-10-01&to=2026-10-31&lang=uk`);
    expect(html).toContain('<html lang="uk">');
  }
  expect(inbox.received).toHaveLength(ADDRESSES.length);

  // The rest of the month: nothing again.
  clock = new Date('2026-11-15T12:00:00Z');
  await runOnBoth();
  expect(inbox.received).toHaveLength(ADDRESSES.length);
  const [row] = await a.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM monthly_report_sends WHERE done_at IS NOT NULL');
  expect(row!.n).toBe(1);
});

it('tries an address the relay cannot take for now again later, and only that one', async () => {
  const guard = (await a.app.db.query<{ organisation_id: string }>('SELECT organisation_id FROM monthly_report_settings'))[0]!.organisation_id;
  await a.app.db.query('DELETE FROM monthly_report_sends');
  inbox.refuse('szef@straz.example', 452, '4.2.2 Mailbox full');
  const before = inbox.received.length;
  clock = AT_SIX;
  await runOnBoth();
  expect(inbox.received.length - before).toBe(2);
  const [pending] = await a.app.db.query<{ run_at: Date; sent_to: string[] }>('SELECT run_at, sent_to FROM monthly_report_sends WHERE organisation_id = $1', [guard]);
  expect([...pending!.sent_to].sort()).toEqual(['analityk@straz.example', 'dyzurny@straz.example']);
  inbox.accept('szef@straz.example');
  clock = new Date(new Date(pending!.run_at).getTime() + 1000);
  await runOnBoth();
  expect(inbox.received.length - before).toBe(3);
  expect(inbox.to('szef@straz.example').at(-1)!.parsed.subject).toMatch(/жовтень 2026/);
});
