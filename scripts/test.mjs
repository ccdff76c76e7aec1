#!/usr/bin/env node
// `npm test`: every layer, in order — the checks (types, lint, unused code, builds), unit and
// API tests on both engines (Vitest), then the browser tests in Chromium (Playwright) — and one
// closing count.
// A missing system package is installed (as root on Debian) or named; never skipped.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = path.join(root, 'node_modules/.cache/wildalert-test');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(root, 'e2e/test-results/results.json');
fs.rmSync(playwrightReport, { force: true });

// The checks read the sources, each on one core, and need nothing from one another: they run
// side by side, as many at once as there are cores, each one's output printed when it ends.
const workspaces = JSON.parse(spawnSync('npm', ['query', '.workspace'], { cwd: root, encoding: 'utf8' }).stdout);
const checks = [
  // Once, and only when stale: the size budget (Vitest), `npm start` (the README's test) and
  // the browser tests' global set-up then find both builds fresh.
  ['builds', 'node', ['scripts/ensure-build.mjs', 'web', 'api']],
  ['lint', 'npx', ['eslint', '.']],
  ...workspaces
    .filter((w) => w.scripts?.typecheck)
    .map((w) => [`type check ${w.location}`, 'npm', ['run', 'typecheck', '--silent', '-w', w.location]]),
  ['type check scripts', 'npx', ['tsc', '--noEmit', '-p', 'scripts']],
  // Files, exports and dependencies nothing uses (knip.jsonc).
  ['unused code', 'npx', ['knip']],
];

const steps = [
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  ['checks', checks],
  ['unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Runs `list` at most `os.availableParallelism()` at a time; answers whether every one passed. */
async function runSideBySide(list) {
  let next = 0;
  let allPassed = true;
  const worker = async () => {
    while (next < list.length) {
      const [name, command, args] = list[next++];
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await new Promise((resolve) => child.on('close', resolve));
      process.stdout.write(Buffer.concat(output));
      console.log(`--- ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      if (status !== 0) allPassed = false;
    }
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), list.length) }, worker));
  return allPassed;
}

// Every step runs on this Node (npm puts node_modules/.bin, with the `node` package's binary, first on PATH).
console.log(`Node.js ${process.version} (${process.execPath})`);

let failedStep;
for (const [name, command, args] of steps) {
  const started = Date.now();
  let passed;
  if (Array.isArray(command)) {
    console.log(`\n=== ${name}: ${command.map(([n]) => n).join(', ')}`);
    passed = await runSideBySide(command);
  } else {
    console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
    passed = spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status === 0;
  }
  console.log(`=== ${name}: ${passed ? 'ok' : 'FAILED'} in ${seconds(started)}`);
  if (!passed) {
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
if (failedStep) {
  console.log(`\nFAILED at: ${failedStep}`);
  failed = Math.max(failed, 1);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
