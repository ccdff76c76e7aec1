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

/** Runs `work` once the page has loaded and then the browser is idle: not in the first screen's tasks. */
export function whenIdleAfterLoad(work: () => void): () => void {
  let cancel = () => {};
  const loaded = () => {
    cancel = whenIdle(work);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  return () => {
    window.removeEventListener('load', loaded);
    cancel();
  };
}
