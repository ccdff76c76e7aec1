/**
 * Runs `work` when the browser is idle (at the latest after `timeout` ms): for what no screen
 * waits on. Returns the way to call it off.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const idle = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}
