#!/usr/bin/env node
// Builds the web app and the API when their build is missing or older than their sources, and
// leaves a fresh one alone: `node scripts/ensure-build.mjs web api`. `npm start`, the browser
// tests and the size benchmark use it, so none runs on a stale build and none rebuilds for nothing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What each build writes last, and what it is made from (a test file never is). */
export const BUILDS = {
  web: {
    workspace: 'apps/web',
    output: 'apps/web/dist/.vite/manifest.json',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-precompress.ts', 'apps/web/package.json', 'packages/shared/src', 'package-lock.json'],
  },
  api: {
    workspace: 'apps/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/shared/src', 'package-lock.json'],
  },
};

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat || /\.test\.tsx?$/.test(entry)) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Whether `name`'s build (in the repository at `repo`) is missing or older than one of its sources. */
export function isStale(name, repo = root) {
  const { output, sources } = BUILDS[name];
  const builtAt = fs.statSync(path.join(repo, output), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt < Math.max(...sources.map((source) => newestChange(path.join(repo, source))));
}

/**
 * The environment a build runs in: this process's, less NODE_ENV. Vitest sets it to "test", and
 * Vite would then bundle React's development build (the size guard, bench/src/web-size.test.ts,
 * measured 213 KB instead of 149 KB): a build is always the production one.
 */
export function buildEnv(env = process.env) {
  const { NODE_ENV: _ignored, ...rest } = env;
  return rest;
}

/** Builds `name` (a key of BUILDS) when it is stale; throws when the build fails. */
function ensureBuilt(name) {
  if (!isStale(name)) return;
  const { workspace } = BUILDS[name];
  console.error(`Building ${workspace}: its build is missing or older than its sources…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace, '--silent'], { cwd: root, stdio: 'inherit', env: buildEnv() });
  if (result.status !== 0) throw new Error(`Building ${workspace} failed (${result.status ?? result.signal})`);
}

/** How long a child's process group has to end after SIGTERM before it is killed outright. */
const STOP_GRACE_MS = 5_000;

/**
 * Ends `child`'s whole process group when `signal` aborts. An npm script runs a shell that runs
 * the build, and a signal to npm alone would leave the build running: the child is spawned
 * `detached` (the leader of a group of its own) and the group is signalled.
 */
export function endGroupOnAbort(child, signal) {
  if (!signal) return;
  const kill = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // Ended already.
    }
  };
  let timer;
  const stop = () => {
    kill('SIGTERM');
    timer = setTimeout(() => kill('SIGKILL'), STOP_GRACE_MS);
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  child.once('close', () => {
    signal.removeEventListener('abort', stop);
    clearTimeout(timer);
  });
}

/**
 * Builds `name` when stale, without holding up the caller: its output is kept and shown only
 * when the build fails (the error then carries it). Resolves to the seconds it took, or
 * undefined when the build was fresh. An abort of `signal` ends the build, its own children too.
 */
export async function buildWhenStale(name, { onStart = () => {}, signal } = {}) {
  if (!isStale(name)) return undefined;
  onStart();
  const started = performance.now();
  const { workspace } = BUILDS[name];
  const child = spawn('npm', ['run', 'build', '-w', workspace, '--silent'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: buildEnv(),
    detached: true,
  });
  endGroupOnAbort(child, signal);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const [code, exitSignal] = await new Promise((resolve) => child.once('close', (...result) => resolve(result)));
  if (code !== 0) throw new Error(`${output}\nBuilding ${workspace} failed (${code ?? exitSignal})`);
  return (performance.now() - started) / 1000;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in BUILDS));
  if (names.length === 0 || unknown.length > 0) {
    console.error(`usage: node scripts/ensure-build.mjs ${Object.keys(BUILDS).join('|')}…`);
    process.exit(2);
  }
  try {
    for (const name of names) {
      if (isStale(name)) ensureBuilt(name);
      else console.error(`${BUILDS[name].workspace}: the build is newer than its sources, kept`);
    }
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
