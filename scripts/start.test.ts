/**
 * `npm start` stopped during a first start's work, as a service manager or a container stops it
 * (a signal to the npm process alone): the builds and the database's creation end, their own
 * children too, and npm exits. Run in a small repository of its own whose builds never end, with
 * this repository's start script, so that the real builds are not disturbed (scripts/readme.test.ts
 * stops the real server the same way).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { processesWith, processMarker, REPO_ROOT } from '@wildalert/test-support';

/** A build step that starts a child of its own, says it runs (a file named `running`), and never ends. */
const HANGING_BUILD = `
import { spawn } from 'node:child_process';
import fs from 'node:fs';
spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }).once('spawn', () => fs.writeFileSync(process.argv[2], ''));
setInterval(() => {}, 1000);
`;

let repo: string;
const at = (relative: string) => path.join(repo, relative);
function write(relative: string, text: string) {
  fs.mkdirSync(path.dirname(at(relative)), { recursive: true });
  fs.writeFileSync(at(relative), text);
}

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-start-'));
  const { scripts } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  write('package.json', JSON.stringify({ name: 'start-test', private: true, type: 'module', workspaces: ['apps/*'], scripts: { start: scripts.start } }));
  for (const script of ['start.mjs', 'ensure-build.mjs']) write(`scripts/${script}`, fs.readFileSync(path.join(REPO_ROOT, 'scripts', script), 'utf8'));
  write('hang.mjs', HANGING_BUILD);
  // Sources newer than no build at all: both builds are due, as after an install.
  write('apps/api/src/server.ts', '');
  write('apps/web/index.html', '');
  // The server's compile hangs when asked; else it makes a database preparation that hangs.
  write('apps/api/package.json', JSON.stringify({ name: 'api', private: true, scripts: { build: `node build.mjs ${at('running-api')}` } }));
  write(
    'apps/api/build.mjs',
    `import fs from 'node:fs';
if (process.env.HANG === 'api') await import('../../hang.mjs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/prepare-database.js', "process.argv[2] = '${at('running-database')}'; await import('../../../hang.mjs');");
fs.writeFileSync('dist/server.js', 'throw new Error("not to be started");');`,
  );
  write('apps/web/package.json', JSON.stringify({ name: 'web', private: true, scripts: { build: `node ../../hang.mjs ${at('running-web')}` } }));
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

it.each([
  ['SIGTERM', 'api', ['running-api']],
  ['SIGINT', 'web', ['running-web', 'running-database']],
] as const)('on %s during the %s build ends it and what it started, then exits', async (signal, hang, running) => {
  const marker = processMarker('WILDALERT_START_TEST');
  // In a process group of its own: the signal goes to npm alone, and a failure can clean up the group.
  const npm = spawn('npm', ['start'], { cwd: repo, env: { ...process.env, HANG: hang, [marker[0]]: marker[1] }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  npm.stdout.on('data', (d: Buffer) => (output += d));
  npm.stderr.on('data', (d: Buffer) => (output += d));
  try {
    await expect.poll(() => running.every((file) => fs.existsSync(at(file))), { timeout: 30_000 }).toBe(true);
    // npm, start.mjs, and per build npm, its shell, the build and the build's child (a preparation: itself and its child).
    expect(processesWith(marker).length, output).toBeGreaterThanOrEqual(hang === 'api' ? 6 : 8);
    npm.kill(signal);
    // npm ends as its child did, by the signal, in moments: nothing left over, no failure reported.
    await expect.poll(() => [npm.exitCode, npm.signalCode], { timeout: 10_000 }).toEqual([null, signal]);
    await expect.poll(() => processesWith(marker), { timeout: 10_000 }).toEqual([]);
    expect(output).toContain(`${signal}: stopping before the server has started`);
    expect(output).not.toMatch(/failed/i);
  } finally {
    for (const { pid } of processesWith(marker)) process.kill(pid, 'SIGKILL');
  }
});
