/**
 * The service worker's part in web push (area alerts, notices, a followed report's status):
 * every push shows a notification (browsers revoke subscriptions that push silently), a click
 * opens or focuses the alert's page, and a subscription the browser replaced is carried over
 * to the new one, area and all.
 * Written against the few worker APIs they use, so that a unit test can drive them.
 */

interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

export interface PushScope {
  registration: {
    scope: string;
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
    pushManager: { subscribe(options: PushSubscriptionOptionsInit): Promise<{ toJSON(): PushSubscriptionJSON }> };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

/** The notification a push shows: the server's title, body and link, or a plain one when the payload is unreadable. */
function notificationFor(scope: PushScope, data: { json(): unknown } | null): ShownNotification {
  const app = scope.registration.scope;
  let payload: Partial<Record<'title' | 'body' | 'url' | 'lang' | 'statusAlertIds', unknown>> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') payload = parsed as typeof payload;
  } catch {
    // Not JSON: still shown, as a plain notice.
  }
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
  // Only a link into the app: a notification must not open another site.
  const url = new URL(text(payload.url, app), app);
  const safe = url.origin === new URL(app).origin ? url.href : app;
  const statusIds = Array.isArray(payload.statusAlertIds) ? payload.statusAlertIds : [];
  const followed = typeof statusIds[0] === 'string' ? statusIds[0] : undefined;
  return {
    title: text(payload.title, 'WildAlert: nowe zgłoszenie w pobliżu'),
    options: {
      body: text(payload.body, ''),
      icon: new URL('icon-192.png', app).href,
      badge: new URL('icon-192.png', app).href,
      // The subscriber's language, as the server wrote it.
      lang: text(payload.lang, 'pl'),
      // One notification of area alerts at a time: the newest replaces the last. A followed
      // report's official step is apart, one per report: its next step replaces it, an area alert does not.
      tag: followed === undefined ? 'wildalert-area' : `wildalert-status-${followed}`,
      data: { url: safe },
    },
  };
}

export function showPush(scope: PushScope, data: { json(): unknown } | null): Promise<void> {
  const { title, options } = notificationFor(scope, data);
  return scope.registration.showNotification(title, options);
}

/** Focuses a window of the app already open (sending it to the alert), or opens one. */
export async function openFromNotification(scope: PushScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.startsWith(scope.registration.scope));
  if (open?.navigate) {
    await open.navigate(url);
    await open.focus();
    return;
  }
  await scope.clients.openWindow(url);
}

/**
 * The browser replaced the subscription (keys rotated, expired): subscribe again with the same
 * server key, copy the old one's area to the new endpoint, and forget the old.
 */
export async function renewSubscription(
  scope: PushScope,
  oldSubscription: { endpoint: string; options: PushSubscriptionOptions; toJSON(): PushSubscriptionJSON } | null,
  newSubscription: { toJSON(): PushSubscriptionJSON } | null,
): Promise<void> {
  const oldAuth = oldSubscription?.toJSON().keys?.auth;
  if (!oldSubscription || !oldAuth) return;
  const proof = JSON.stringify({ endpoint: oldSubscription.endpoint, auth: oldAuth });
  const api = new URL('..', scope.registration.scope).href;
  const json = { 'content-type': 'application/json' };
  const found = await scope.fetch(`${api}PushSubscriptions/lookup`, { method: 'POST', headers: json, body: proof });
  if (!found.ok) return;
  const { data: area } = (await found.json()) as { data: Record<string, unknown> };
  const renewed =
    newSubscription ??
    (await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: oldSubscription.options.applicationServerKey }));
  const { endpoint, keys } = renewed.toJSON();
  const { latitude, longitude, radius, animals, paused, quietHours } = area;
  await scope.fetch(`${api}PushSubscriptions`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ endpoint, keys, latitude, longitude, radius, animals, paused, quietHours }),
  });
  await scope.fetch(`${api}PushSubscriptions`, { method: 'DELETE', headers: json, body: proof });
}
