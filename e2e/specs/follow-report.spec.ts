/**
 * Following one's own report (issue 33) on a 360 px phone: the reporter sends an aggressive boar
 * (routed to the City Guard), taps "Obserwuj zgłoszenie" in its popup, and each official step a
 * responder takes reaches the push service (the tests' stand-in, which checks VAPID and decrypts)
 * for their device; a failed request says so and follows nothing; the device remembers it
 * through a reload; after "Przestań obserwować" no step reaches it.
 */
import type { Page } from '@playwright/test';
import type { PushPayload } from '@wildalert/shared';
import type { BrowserSubscription } from '@wildalert/test-support';
import { expect } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, PHONE, popup, reportAggressiveBoar, sidewaysOverflow } from '../support/app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { useStandInSubscription, withPush as test } from '../support/push.ts';

// The whole browser (the headless shell has no Push API), with the app's service worker.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'allow', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

const GUARD = 'Straż Miejska Miasta Krakowa';
const followButton = (page: Page) => popup(page).getByRole('button', { name: 'Obserwuj zgłoszenie' });
const stopButton = (page: Page) => popup(page).getByRole('button', { name: 'Przestań obserwować' });
const following = (page: Page) => popup(page).getByText('Obserwujesz: dostaniesz powiadomienie, gdy służby coś z nim zrobią.');

test('a reporter follows their report, hears of each official step, and of none after stopping', async ({ page, wildalert, push }) => {
  const sub = push.subscribe();
  await useStandInSubscription(page, sub);
  await page.goto('addAlert');
  // Installed, not only registered: going offline below while it still downloads the app would fail its install and unregister it.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await reportAggressiveBoar(page);
  const [alert] = await wildalert.searchAlerts({ Latitude: KRAKOW.latitude, Longitude: KRAKOW.longitude, Radius: 1 });
  const mine = (p: { endpoint: string }) => p.endpoint === sub.endpoint;

  // The popup of the report just sent offers it, a finger's size, within the phone's width.
  await expect(followButton(page)).toBeVisible();
  const box = (await followButton(page).boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The server fails, then the connection: said, and nothing claims to follow.
  await page.route('**/Alerts/*/follow', (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'down' }) }),
  );
  await followButton(page).tap();
  await expect(popup(page).getByRole('status')).toHaveText('Serwer nie przyjął prośby. Zgłoszenie nie jest obserwowane — spróbuj ponownie.');
  await expect(following(page)).toHaveCount(0);
  await page.unroute('**/Alerts/*/follow');
  await page.context().setOffline(true);
  await followButton(page).tap();
  await expect(popup(page).getByRole('status')).toHaveText('Brak połączenia z serwerem. Zgłoszenie nie jest obserwowane — spróbuj ponownie.');
  await expect(following(page)).toHaveCount(0);
  await page.context().setOffline(false);

  await followButton(page).tap();
  await expect(following(page)).toBeVisible();
  await expect(stopButton(page)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A responder of the City Guard acknowledges it: the reporter's device hears of it, in Polish, linking to the report.
  const admin = await wildalert.staffToken('admin');
  const auth = { authorization: `Bearer ${admin}` };
  const organisations = (await (await page.request.get(`${wildalert.origin}/staff/organisations`, { headers: auth })).json()) as { data: { id: string; name: { pl: string } }[] };
  const guard = organisations.data.find((o) => o.name.pl === GUARD)!.id;
  const step = async (status: string) =>
    expect((await page.request.post(`${wildalert.origin}/staff/organisations/${guard}/inbox/${alert!.id}/status`, { headers: auth, data: { status } })).status()).toBe(200);
  await step('acknowledged');
  await expect.poll(() => push.received.filter(mine).length).toBe(1);
  expect(push.received.filter(mine).map((r) => r.payload as PushPayload)).toMatchObject([
    { title: 'Twoje zgłoszenie: Dzik', body: `${GUARD}: przyjęte`, url: `/WildAlertApp/alerts/${alert!.id}` },
  ]);

  // After a reload the device still follows it, and stops.
  await page.goto(`alerts/${alert!.id}`);
  await expect(following(page)).toBeVisible();
  await stopButton(page).tap();
  await expect(popup(page).getByRole('status')).toHaveText('Nie obserwujesz już tego zgłoszenia.');
  await expect(followButton(page)).toBeVisible();
  await page.reload();
  await expect(followButton(page)).toBeVisible();

  // The next step: another device following the same report hears of it, this one does not.
  const key = await page.evaluate((id) => (JSON.parse(localStorage.getItem('wildalert-my-reports')!) as Record<string, { key: string }>)[id]!.key, alert!.id);
  const other: BrowserSubscription = push.subscribe();
  const followed = await page.request.post(`${wildalert.origin}/Alerts/${alert!.id}/follow`, { headers: { 'alert-key': key }, data: { ...other, language: 'pl' } });
  expect(followed.status()).toBe(204);
  await step('on-the-way');
  await expect.poll(() => push.received.filter((r) => r.endpoint === other.endpoint).length).toBe(1);
  expect(push.received.filter(mine)).toHaveLength(1);
  expect(push.refused).toEqual([]);
});
