/**
 * What waits, and why: the app's only ways of putting work off for speed. Lighthouse (map ≥ 95)
 * and a tap's answer time both count long tasks while the first screen is drawn, so
 *  - `afterFirstPaint`: what the first screen does without (the outbox, the service worker, the
 *    map's extras) waits until the page has loaded and the browser is idle;
 *  - `inBackground`: work that must happen now but need not hold up a tap (a tile's request, a
 *    few ms each on a phone) runs in a task of its own.
 * React's own (startTransition, useDeferredValue) stay where React draws, and nowhere else: the
 * first render (main.tsx), the map's layers after the map (base-map.tsx), the markers after the
 * screen and a batch at a time (map-screen.tsx, alert-clusters.tsx).
 */
import { useEffect, useState } from 'react';

/** Runs `work` when the browser is idle, `timeoutMs` at the latest. Returns the way to call it off. */
function whenIdle(work: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const idle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}

/** Runs `work` once the page has loaded and then the browser is idle (2 s at the latest). Returns the way to call it off. */
export function afterFirstPaint(work: () => void): () => void {
  let cancel = () => {};
  const loaded = () => {
    cancel = whenIdle(work, 2000);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  return () => {
    window.removeEventListener('load', loaded);
    cancel();
  };
}

/**
 * True once the first paint is done, and from then on. `ready`: the screen's own first answer
 * (the map's markers), then whenever the browser is idle (1 s at the latest), without waiting
 * for the page's load (the map's background images would hold it up). Without it, `afterFirstPaint`.
 */
export function useAfterFirstPaint(ready?: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (due) return;
    if (ready === undefined) return afterFirstPaint(() => setDue(true));
    if (ready) return whenIdle(() => setDue(true), 1000);
  }, [ready, due]);
  return due;
}

/** `work` in a task of its own: what waits (a tap, a paint) runs first. `scheduler.yield()` where there is one, a zero timer elsewhere. */
export async function inBackground<T>(work: () => T | Promise<T>): Promise<T> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  await (scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
  return work();
}
