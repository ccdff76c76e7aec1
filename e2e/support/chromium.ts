/** Debian's Chromium, started so that it never reaches the internet. */
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  return fs.existsSync(CHROMIUM_PATH)
    ? undefined
    : `Chromium is not installed at ${CHROMIUM_PATH}. Install it: apt-get install -y chromium (or set CHROMIUM_PATH).`;
}
