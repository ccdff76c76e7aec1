import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './server-process.ts';

/**
 * Builds the web app when its build is missing or older than its sources, as `npm start` does
 * (scripts/ensure-build.mjs), so that tests and benchmarks never measure yesterday's app.
 */
export function ensureWebBuild(): void {
  ensureBuilds('web');
}

/** The same for several builds: `web`, `api` (apps/api/dist/server.js, which `npm start` runs). */
export function ensureBuilds(...names: Array<'web' | 'api'>): void {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs', ...names], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`Building ${names.join(' and ')} failed`);
}
