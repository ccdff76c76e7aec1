#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources, then runs the compiled server
// (API and web app) in this process, on plain Node. A first start also creates the embedded
// database; it does that while the web app builds, and says in plain words what it is doing.
//
// SIGTERM or SIGINT (a service manager, a container, Ctrl-C) stops it in any phase: the builds
// and the database's creation are ended, their own children too, and this process exits by the
// same signal; once the server runs, the server stops itself gracefully. npm passes those two
// signals on to the process it started: package.json runs this one with `exec`, so that it is
// that process, not a shell that would die of them and leave this one running.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildWhenStale, endGroupOnAbort, isStale } from './ensure-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const seconds = (s) => `${s.toFixed(1)} s`;

const STOP_SIGNALS = ['SIGTERM', 'SIGINT'];
const stopping = new AbortController();
const onStop = (signal) => {
  if (!stopping.signal.aborted) console.log(`${signal}: stopping before the server has started…`);
  stopping.abort(signal);
};
for (const signal of STOP_SIGNALS) process.on(signal, onStop);

/** Exits by the signal that asked for the stop (the children have ended), as the server would have. */
function stopIfAsked() {
  if (!stopping.signal.aborted) return;
  for (const signal of STOP_SIGNALS) process.removeListener(signal, onStop);
  process.kill(process.pid, stopping.signal.reason);
  // Were the signal's default action held up: the code a shell gives a process it ended.
  process.exit(128 + os.constants.signals[stopping.signal.reason]);
}

/** The embedded database's first-start work (apps/api/src/prepare-database.ts); it speaks for itself. */
function prepareDatabase() {
  const child = spawn(process.execPath, ['apps/api/dist/prepare-database.js'], { cwd: root, stdio: 'inherit', detached: true });
  endGroupOnAbort(child, stopping.signal);
  return new Promise((resolve, reject) =>
    child.once('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`Preparing the database failed (${code ?? signal})`)))),
  );
}

try {
  // The server first: preparing the database runs its code. Compiling it takes a second or two.
  const api = await buildWhenStale('api', { onStart: () => console.log('Compiling the server (apps/api/dist)…'), signal: stopping.signal });
  if (api !== undefined) console.log(`Compiled the server in ${seconds(api)}.`);
  stopIfAsked();
  // Then the two slow parts of a first start side by side, one core each: the web build and
  // the embedded database's creation. Only when there is a build to make: otherwise the
  // server sees to the database itself, without a process more on every start. Both are
  // waited for, even when one fails: neither outlives this process.
  const webStale = isStale('web');
  const [web, database] = await Promise.allSettled([
    buildWhenStale('web', {
      onStart: () => console.log('Building the web app (apps/web/dist; after an install or a change of its sources)…'),
      signal: stopping.signal,
    }),
    webStale || api !== undefined ? prepareDatabase() : undefined,
  ]);
  stopIfAsked();
  for (const result of [web, database]) if (result.status === 'rejected') throw result.reason;
  if (web.value !== undefined) console.log(`Built the web app in ${seconds(web.value)}.`);
  if (api !== undefined || web.value !== undefined) console.log(`Starting the server (${seconds((performance.now() - started) / 1000)} so far)…`);
} catch (error) {
  stopIfAsked();
  console.error(error.message);
  process.exit(1);
}

// From here on the server handles the stop signals itself.
for (const signal of STOP_SIGNALS) process.removeListener(signal, onStop);
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/api/dist/server.js');
