/** Builds are redone when a source changed, and only then (scripts/ensure-build.mjs). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILDS, buildEnv, isStale } from './ensure-build.mjs';

let repo: string;
const at = (relative: string) => path.join(repo, relative);
/** Writes `relative` with the given age in seconds. */
function write(relative: string, ageSeconds: number) {
  fs.mkdirSync(path.dirname(at(relative)), { recursive: true });
  fs.writeFileSync(at(relative), '');
  const time = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(at(relative), time, time);
}

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-ensure-build-'));
  write('apps/web/src/main.tsx', 60);
  write('apps/web/index.html', 60);
  write('packages/shared/src/index.ts', 60);
  write('apps/api/src/server.ts', 60);
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

describe.each(['web', 'api'] as const)('the %s build', (name) => {
  const { output } = BUILDS[name];

  it('is stale when missing', () => {
    expect(isStale(name, repo)).toBe(true);
  });

  it('is fresh when newer than every source', () => {
    write(output, 10);
    expect(isStale(name, repo)).toBe(false);
  });

  it('is stale when a source deep in a folder changed after it', () => {
    write(output, 10);
    write(name === 'web' ? 'apps/web/src/features/map/map.tsx' : 'apps/api/src/routes/alerts.ts', 5);
    expect(isStale(name, repo)).toBe(true);
  });

  it('is stale when the shared package changed after it', () => {
    write(output, 10);
    write('packages/shared/src/schemas.ts', 5);
    expect(isStale(name, repo)).toBe(true);
  });

  it('ignores a changed test file, which is never built', () => {
    write(output, 10);
    write(name === 'web' ? 'apps/web/src/lib/a.test.tsx' : 'apps/api/src/a.test.ts', 5);
    expect(isStale(name, repo)).toBe(false);
  });
});

it('builds without the caller\'s NODE_ENV (Vitest sets "test"), so the web build is always the production one', () => {
  expect(buildEnv({ NODE_ENV: 'test', PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin' });
});
