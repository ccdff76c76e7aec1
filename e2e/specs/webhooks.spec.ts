/**
 * An organisation's webhooks (issue 33) on a 360 px phone: an admin opens them from the
 * organisation's page, is told at the field that an address into a private network is refused,
 * adds an endpoint at a real receiver on 127.0.0.1 (which verifies each request with the
 * `standardwebhooks` library) and is shown its secret once; a report routed to the organisation
 * arrives there, verified, and the screen's delivery log shows it delivered; after a new secret,
 * a test message from the screen verifies with the new secret (and, for the overlap, the old).
 */
// The API suite's receiver: the same verification as the API's own webhook tests.
import { startWebhookReceiver, type WebhookReceiver } from '../../apps/api/test/webhook-receiver.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { KRAKOW, PHONE, usable } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

/** One receiver per worker, its host trusted by the server (WEBHOOK_TRUSTED_HOSTS) and its certificate too (WEBHOOK_CA_FILE). */
const test = base.extend<object, { receiver: WebhookReceiver }>({
  receiver: [
    async ({}, use) => {
      const receiver = await startWebhookReceiver();
      await use(receiver);
      await receiver.close();
    },
    { scope: 'worker' },
  ],
  serverOptions: async ({ receiver }, use) => {
    await use({ engine: 'postgres', env: { WEBHOOK_TRUSTED_HOSTS: receiver.host, WEBHOOK_CA_FILE: receiver.caFile } });
  },
});

test.use({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'en-GB' });

test('an admin adds an endpoint; a routed report reaches the receiver verified and shows in the log; after a new secret messages still verify', async ({ page, wildalert, receiver }) => {
  test.setTimeout(120_000);
  const path = `hook-${test.info().workerIndex}-${Date.now()}`;
  const [organisation] = await wildalert.sql<{ id: string }>(
    `INSERT INTO organisations (name, rules) VALUES ('{"pl":"Lasy Miejskie","en":"City Forests"}', '[{"animals":["boar"],"behaviours":null}]') RETURNING id`,
  );
  await signInWithoutScreens(page, wildalert, 'admin', 'Ada Admin');

  // From the organisation's page.
  await page.goto(`staff/organisations/${organisation!.id}`);
  await page.getByRole('link', { name: 'Webhooks' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks · City Forests' })).toBeVisible();
  await expect(page.getByText('No endpoints yet. Add one above.')).toBeVisible();

  // The server's refusal, at the field: an address it does not trust on a private network.
  const url = page.getByRole('textbox', { name: /^Endpoint address/ });
  await url.fill('https://10.1.2.3/hook');
  await page.getByRole('button', { name: 'Add endpoint' }).tap();
  await expect(url).toHaveAccessibleDescription('This address leads into a private or local network. Give a public address.');
  await expect(url).toHaveAttribute('aria-invalid', 'true');

  // The receiver's address: added, its secret shown this once.
  await url.fill(receiver.url(path));
  await page.getByRole('textbox', { name: /^Description/ }).fill('Dispatch');
  await page.getByRole('button', { name: 'Add endpoint' }).tap();
  const shown = page.getByTestId('secret-once');
  await expect(shown).toContainText('it will not be shown again');
  const secret = (await shown.locator('code').textContent())!;
  expect(secret).toMatch(/^whsec_/);
  receiver.trust(path, secret);
  const endpoint = page.getByTestId('webhook-endpoint');
  await expect(endpoint).toContainText(receiver.url(path));
  await expect(endpoint).toContainText('nothing sent yet');
  await usable(page);

  // A boar reported in Kraków: routed to the organisation, and to the receiver, verified.
  const alert = await wildalert.createAlert({ ...KRAKOW, animal: 'boar', comments: 'Przy przystanku', howMany: 'one', behaviour: 'calm' });
  await receiver.waitFor(1, path);
  const routed = receiver.received.filter((r) => r.path === path);
  expect(routed.map((r) => r.body.type)).toEqual(['alert.routed']);
  expect(JSON.stringify(routed[0]!.body.data)).toContain(alert.id);
  expect(receiver.refused).toEqual([]);

  // The screen's log shows it (it follows deliveries without a reload).
  await page.getByRole('button', { name: 'Delivery log' }).tap();
  const rows = endpoint.getByTestId('webhook-delivery');
  await expect(rows).toHaveCount(1, { timeout: 15_000 });
  await expect(rows.first()).toContainText('new report');
  await expect(rows.first()).toContainText('delivered');
  await expect(rows.first()).toContainText('1 attempt · HTTP 204');
  await expect(rows.first()).toContainText(routed[0]!.id);
  await expect(endpoint.getByTestId('webhook-latest')).toContainText('Last delivery:');
  await expect(endpoint).toContainText('working');
  await usable(page);

  // A new secret, after the confirmation that tells of the overlap.
  await page.getByRole('button', { name: 'Done, hide it' }).tap();
  await endpoint.getByRole('button', { name: 'New secret…' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Give this endpoint a new secret?' });
  await expect(dialog).toContainText('For 24 hours every message is signed with both the old and the new secret');
  await dialog.getByRole('button', { name: 'Make a new secret' }).tap();
  await expect(shown).toContainText('New signing secret');
  const rotated = (await shown.locator('code').textContent())!;
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await expect(endpoint).toContainText('The previous secret also signs until');
  // Index 0: the new secret; 1: the old one, which signs too for the overlap.
  receiver.trust(path, rotated, secret);

  // A test message from the screen: verified with the new secret, and with the old one still.
  await endpoint.getByRole('button', { name: 'Send test message' }).tap();
  await receiver.waitFor(2, path);
  const tested = receiver.received.filter((r) => r.path === path)[1]!;
  expect(tested.body.type).toBe('webhook.test');
  expect(tested.verifiedBy).toEqual([0, 1]);
  expect(receiver.refused).toEqual([]);
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(rows.first()).toContainText('test');
  await expect(rows.first()).toContainText('HTTP 204');
  await usable(page);
});
