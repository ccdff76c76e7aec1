/** Web push in the browser tests: one push-service stand-in per worker, and the page's subscription made its. */
import type { Page } from '@playwright/test';
import { startPushService, type BrowserSubscription, type PushService } from '@wildalert/test-support';
import { test } from './fixtures.ts';

/** One push service for a file's tests; each test's server trusts its certificate. */
export const withPush = test.extend<object, { push: PushService }>({
  push: [
    async ({}, use) => {
      const push = await startPushService();
      await use(push);
      await push.close();
    },
    { scope: 'worker' },
  ],
  serverOptions: async ({ push }, use) => use({ engine: 'postgres', env: { PUSH_CA_FILE: push.caFile, PUSH_SERVICES: push.host } }),
});

/**
 * Chromium subscribes only through Google's push service, which this machine cannot reach, so
 * the page's pushManager hands out a subscription of the stand-in instead (its endpoint and
 * keys, as `subscribe()` would). Everything after that is real: the page, the API, VAPID,
 * encryption, and the service worker showing what the push carried.
 */
export async function useStandInSubscription(page: Page, subscription: BrowserSubscription) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript((sub: BrowserSubscription) => {
    const KEY = 'test-push-subscription';
    const make = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? (make() as unknown as PushSubscription) : null);
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
  }, subscription);
}
