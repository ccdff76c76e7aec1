/**
 * The service worker: the app shell and its built assets offline, map tiles already seen
 * (bounded), and nothing else. The API's answers are never cached: requests this worker does
 * not route (every /Alerts, /Animals, /health… call) go straight to the network.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { EMBED_PAGE } from '@wildalert/shared';
import { openFromNotification, renewSubscription, showPush, type PushScope } from './push-handlers.ts';

declare const self: ServiceWorkerGlobalScope;

/** /WildAlertApp/: every page of the app is the same index.html, filled by the server. */
const SHELL = self.registration.scope;
const SHELL_CACHE = 'wildalert-shell';
const TILE_CACHE = 'wildalert-tiles';

// The hashed JS, CSS and icons of this build (index.html excluded, see vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The shell is fetched at install, so that the first page seen can already reload offline.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.add(SHELL)));
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Pages: the network first (the server writes the run-time config into the page), the last
// shell seen when there is none. All routes share one cache entry. A path with a file
// extension is a file, not a route (as on the server): opening the manifest or an icon
// directly must not replace the shell. The embeddable map is left to the network: its page
// carries framing headers of its own, which the shared shell must neither take nor lend.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: SHELL_CACHE,
      networkTimeoutSeconds: 5,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), { cacheKeyWillBeUsed: async () => SHELL }],
    }),
    // (Workbox tests the path with its query: only the path's last segment counts.)
    { denylist: [/^[^?]*\/[^/?]*\.[^/?]*(?:\?.*)?$/, new RegExp(`^${new URL(SHELL).pathname}${EMBED_PAGE}/?(?:\\?.*)?$`)] },
  ),
);

// Map tiles (z/x/y images from the configured tile server): seen once, kept for offline use.
// Opaque answers (a tile server without CORS) are kept too; the bounds keep the cache small.
registerRoute(
  ({ request, url }) => request.destination === 'image' && /\/\d+\/\d+\/\d+(@\dx)?\.(png|jpe?g|webp)$/.test(url.pathname),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Area alerts by web push (push-handlers.ts).
const pushScope: PushScope = { registration: self.registration, clients: self.clients, fetch: (input, init) => fetch(input, init) };
self.addEventListener('push', (event) => event.waitUntil(showPush(pushScope, event.data)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  event.waitUntil(openFromNotification(pushScope, url ?? SHELL));
});
/** Not in TypeScript's lib yet: fired when the browser replaces a push subscription. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(renewSubscription(pushScope, change.oldSubscription, change.newSubscription));
});
