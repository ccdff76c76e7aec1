/**
 * Registers the service worker (src/sw/sw.ts, built to sw.js beside index.html). Loaded by
 * main.tsx after the page has loaded, so it costs the map's first paint nothing.
 */
import { BASENAME } from '../config/paths.ts';

export function registerServiceWorker(): void {
  // `npm run dev` builds no worker.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(`${BASENAME}sw.js`, { scope: BASENAME }).catch(() => {
    // No worker (private mode, blocked by policy): the app works online as before.
  });
}
