/** Runs `work` when the browser is idle (at the latest after `timeout` ms): for what no screen waits on. */
export function whenIdle(work: () => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout });
  else setTimeout(work, 200);
}
