#!/usr/bin/env node
// `npm run dev`: the API (tsx watch: restarts on every change) and the web app (Vite: hot
// reload) side by side; Vite hands every path outside /WildAlertApp/ to the API. PORT (8080)
// and WEB_PORT (5173) choose the ports, HOST (127.0.0.1) the address. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.PORT ?? '8080';
const webPort = process.env.WEB_PORT ?? '5173';
const origin = (port) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const api = origin(apiPort);
const web = `${origin(webPort)}/WildAlertApp/`;

// Each in a process group of its own, so that stopping one ends everything it started (npm,
// tsx's watcher and the server it restarts, Vite). Neither reads the terminal: Vite's keyboard
// shortcuts would stop a background process group (SIGTTIN).
const start = (name, args, env) => {
  const child = spawn('npm', args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`dev: the ${name} stopped (${code ?? signal}); stopping the rest`);
      void stop(1);
    }
  });
  return child;
};

let stopping;
const children = [
  start('API', ['run', 'dev', '-w', 'apps/api', '--silent'], { PORT: apiPort, HOST: host }),
  start('web app', ['run', 'dev', '-w', 'apps/web', '--silent', '--', '--host', host, '--port', webPort, '--strictPort'], {
    WILDALERT_API: api,
  }),
];
console.log(`dev: the app at ${web} (hot reload), the API at ${api} (restarts on change); Ctrl-C stops both`);

const alive = (group) => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ends both process groups (SIGTERM, then SIGKILL after 10 s) and exits once they are gone. */
function stop(exitCode) {
  stopping ??= (async () => {
    for (const { pid } of children) if (alive(pid)) process.kill(-pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (children.some(({ pid }) => alive(pid))) {
      if (Date.now() > deadline) for (const { pid } of children) if (alive(pid)) process.kill(-pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.exit(exitCode);
  })();
  return stopping;
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
