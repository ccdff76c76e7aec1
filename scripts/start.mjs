#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources, then runs the compiled server
// (API and web app) in this process, on plain Node. A first start also creates the embedded
// database; it does that while the web app builds, and says in plain words what it is doing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWhenStale, isStale } from './ensure-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const seconds = (s) => `${s.toFixed(1)} s`;

/** The embedded database's first-start work (apps/api/src/prepare-database.ts); it speaks for itself. */
function prepareDatabase() {
  const child = spawn(process.execPath, ['apps/api/dist/prepare-database.js'], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) =>
    child.once('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`Preparing the database failed (${code ?? signal})`)))),
  );
}

try {
  // The server first: preparing the database runs its code. Compiling it takes a second or two.
  const api = await buildWhenStale('api', { onStart: () => console.log('Compiling the server (apps/api/dist)…') });
  if (api !== undefined) console.log(`Compiled the server in ${seconds(api)}.`);
  // Then the two slow parts of a first start side by side, one core each: the web build and
  // the embedded database's creation. Only when there is a build to make: otherwise the
  // server sees to the database itself, without a process more on every start.
  const webStale = isStale('web');
  const [web] = await Promise.all([
    buildWhenStale('web', { onStart: () => console.log('Building the web app (apps/web/dist; after an install or a change of its sources)…') }),
    webStale || api !== undefined ? prepareDatabase() : undefined,
  ]);
  if (web !== undefined) console.log(`Built the web app in ${seconds(web)}.`);
  if (api !== undefined || web !== undefined) console.log(`Starting the server (${seconds((performance.now() - started) / 1000)} so far)…`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/api/dist/server.js');
