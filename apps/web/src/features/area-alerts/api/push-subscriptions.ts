/** /PushSubscriptions: this device's subscription to alerts around a point, by its endpoint and auth secret. */
import type { PushSubscriptionInfo, PushSubscriptionResponse } from '@wildalert/shared';
import { language, t } from '../../../i18n/i18n.ts';
import { api, type ApiError } from '../../../lib/api-client.ts';

export interface Area {
  latitude: number;
  longitude: number;
  /** Kilometres, 0.5 to 10. */
  radius: number;
  /** null: every animal. */
  animals: string[] | null;
  /** Every report, or only those likely or confirmed (issue 35): push and e-mail alike. */
  reports: PushSubscriptionInfo['reports'];
}

const post = (path: string, body: unknown, method = 'POST') =>
  api<PushSubscriptionResponse>(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const proof = (subscription: PushSubscription) => ({ endpoint: subscription.endpoint, auth: subscription.toJSON().keys?.auth ?? '' });

export async function saveSubscription(subscription: PushSubscription, area: Area, paused = false): Promise<PushSubscriptionInfo> {
  const { endpoint, keys } = subscription.toJSON();
  // Notifications come in the language the app is in now.
  return (await post('/PushSubscriptions', { endpoint, keys, ...area, paused, language: language() })).data;
}

/** The server's copy of this device's subscription, or null when it has none. */
export async function readSubscription(subscription: PushSubscription): Promise<PushSubscriptionInfo | null> {
  try {
    return (await post('/PushSubscriptions/lookup', proof(subscription))).data;
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) return null;
    throw error;
  }
}

export async function pauseSubscription(subscription: PushSubscription, paused: boolean): Promise<PushSubscriptionInfo> {
  return (await post('/PushSubscriptions/pause', { ...proof(subscription), paused })).data;
}

export async function deleteSubscription(subscription: PushSubscription): Promise<void> {
  const response = await fetch('/PushSubscriptions', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(proof(subscription)),
  });
  if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
}

/** The Atom feed of the same area, for feed readers (and where push cannot work). */
export function feedUrl(area: Area): string {
  const query = new URLSearchParams({
    Latitude: area.latitude.toFixed(5),
    Longitude: area.longitude.toFixed(5),
    Radius: String(area.radius),
  });
  for (const animal of area.animals ?? []) query.append('animal', animal);
  // The feed keeps to the same choice: likely, confirmed and corrected reports only.
  if (area.reports === 'likely-and-confirmed') query.set('verification', 'likely');
  query.set('lang', language());
  return `/Alerts.atom?${query}`;
}

/** Why the server did not take a subscription or a change, in the visitor's words. */
export function refusalMessage(error: ApiError): string {
  if (error.kind === 'network') return t('areaAlerts.offline');
  // The write limits, or the network's fill of subscriptions.
  if (error.status === 429) return t('areaAlerts.tooMany');
  const endpoint = error.fieldErrors.endpoint?.[0]?.code;
  // A browser whose push service the server does not send to (PUSH_SERVICES).
  if (endpoint === 'not_push_service' || endpoint === 'not_public_address') return t('areaAlerts.unsupportedService');
  return t('areaAlerts.serverFailed');
}
