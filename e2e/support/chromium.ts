/** Debian's Chromium, started so that it never reaches the internet. */
import fs from 'node:fs';

/** The whole browser: Lighthouse, the size bench, and the browser tests that need what only it has (the Push API). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The same Chromium without a window system (Debian's `chromium-headless-shell`, what
 * Playwright runs headless by default): the browser tests' default. It draws the same pages at
 * about half the CPU, and the tests' machine has two cores.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumMissing(): string | undefined {
  const missing = [
    [CHROMIUM_PATH, 'chromium', 'CHROMIUM_PATH'],
    [HEADLESS_SHELL_PATH, 'chromium-headless-shell', 'CHROMIUM_HEADLESS_SHELL_PATH'],
  ].filter(([file]) => !fs.existsSync(file!));
  return missing.length === 0
    ? undefined
    : missing.map(([file, pkg, name]) => `Chromium is not installed at ${file}. Install it: apt-get install -y ${pkg} (or set ${name}).`).join('\n');
}
