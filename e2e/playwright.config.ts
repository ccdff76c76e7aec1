import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './support/chromium.ts';

/** Browser tests: Debian's Chromium against real WildAlert servers on 127.0.0.1, tiles from a local fixture. */
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  // A story here takes 25–45 s beside the other worker on a 2-core host (one took 47.6 s on a slow
  // day): twice that leaves room for a slower CI host and still ends a hung test. Longer stories say so.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker would answer requests that specs route or count; the specs of
    // offline use (offline.spec.ts) allow it.
    serviceWorkers: 'block',
  },
});
