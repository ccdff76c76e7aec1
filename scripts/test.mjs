#!/usr/bin/env node
// `npm test`: every layer, in order — type check, unit and API tests on both engines
// (Vitest), then the browser tests in Chromium (Playwright) — and one closing count.
// A missing system package is installed (as root on Debian) or named; never skipped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failedTests, firstLines } from './test-report.mjs';

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
  ['unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

// Every step runs on this Node (npm puts node_modules/.bin, with the `node` package's binary, first on PATH).
console.log(`Node.js ${process.version} (${process.execPath})`);

let failedStep;
for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
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
// What failed, and its first lines: a log cut to its last page (a CI summary) still says why.
const failures = failedTests(root, vitest, playwright);
if (failures.length > 0) {
  console.log(`\nfailed tests (${failures.length}):`);
  for (const { where, message } of failures.slice(0, 10)) console.log(`\n✘ ${where}\n${firstLines(message)}`);
  if (failures.length > 10) console.log(`\n… and ${failures.length - 10} more, above`);
}
if (failedStep) {
  console.log(`\nFAILED at: ${failedStep}`);
  failed = Math.max(failed, 1);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
