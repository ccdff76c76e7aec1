/**
 * Web push on this device: whether it can, the server's key, and this browser's one subscription.
 * Area alerts and following one's own report both subscribe through here (one browser, one
 * subscription, shared by both on the server).
 */
import type { VapidKeyResponse } from '@wildalert/shared';
import { api } from './api-client.ts';

/** Whether this browser can take push notifications here, and if not, why. */
export type PushSupport = 'ok' | 'unsupported' | 'denied' | 'ios-install';

export function pushSupport(): PushSupport {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const installed = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  // Safari on iOS offers push only to an app added to the home screen.
  if (ios && !installed) return 'ios-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'ok';
}

/** The service worker's registration, if the app has one (a production build; not `npm run dev`). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Asks for permission (a tap is needed for that) and subscribes this browser with the server's key. */
export async function subscribePush(publicKey: string): Promise<PushSubscription> {
  const reg = await registration();
  if (!reg) throw new NoServiceWorker();
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionError();
  return (
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  );
}

export class PermissionError extends Error {
  override name = 'PermissionError';
}

/** The app has no service worker here (`npm run dev`, or it failed to install): nothing can show a push. */
export class NoServiceWorker extends Error {
  override name = 'NoServiceWorker';
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** The server's VAPID public key: the `applicationServerKey` a subscription needs. */
export async function vapidPublicKey(): Promise<string> {
  return (await api<VapidKeyResponse>('/PushSubscriptions/key')).data.publicKey;
}
