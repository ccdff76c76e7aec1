/**
 * Lets the browser run what waits (a tap, a paint) before going on: what follows the `await`
 * runs in a task of its own. `scheduler.yield()` where there is one, a zero timer elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
