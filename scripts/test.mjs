#!/usr/bin/env node
// `npm test`: every layer — type check, lint and builds, then the unit and API tests on both
// engines (Vitest) beside the browser tests in Chromium (Playwright) — and one closing count.
// A missing system package is installed (as root on Debian) or named; never skipped.
import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = path.join(root, 'node_modules/.cache/wildalert-test');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(root, 'e2e/test-results/results.json');
fs.rmSync(playwrightReport, { force: true });

const steps = [
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  ['type check', 'npm', ['run', 'typecheck', '--silent']],
  ['lint', 'npx', ['eslint', '.']],
  // Files, exports and dependencies nothing uses (knip.jsonc).
  ['unused code', 'npx', ['knip']],
  // Once, and only when stale: the size budget (Vitest), `npm start` (the README's test) and
  // the browser tests' global set-up then find both builds fresh.
  ['builds', 'node', ['scripts/ensure-build.mjs', 'web', 'api']],
];
/**
 * The two long suites run side by side, each line marked with its suite: both spend much of
 * their time waiting on servers, databases and the browser, so on two cores together they
 * take far less than one after the other.
 */
const suites = [
  ['unit and API tests', 'vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['browser tests', 'browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

// Every step runs on this Node (npm puts node_modules/.bin, with the `node` package's binary, first on PATH).
console.log(`Node.js ${process.version} (${process.execPath})`);

let failedStep;
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

/** Runs one suite with its output's lines marked `tag │`; resolves with its exit code. */
function runSuite([name, tag, command, args]) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const mark = `${tag.padEnd(7)} │ `;
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => console.log(mark + line));
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      resolve({ name, ok: code === 0 && !signal });
    }),
  );
}

if (!failedStep) {
  const results = await Promise.all(suites.map(runSuite));
  failedStep = results.find((r) => !r.ok)?.name;
}

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const vitest = read(vitestReport);
const playwright = read(playwrightReport);
let passed = 0;
let failed = 0;
let skipped = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
}
if (playwright) {
  const s = playwright.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  console.log(`playwright: ${s.expected + s.flaky} passed (${s.flaky} flaky), ${s.unexpected} failed`);
}
if (failedStep) {
  console.log(`\nFAILED at: ${failedStep}`);
  failed = Math.max(failed, 1);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
