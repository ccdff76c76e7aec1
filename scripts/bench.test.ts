/** `npm run bench` runs and writes its results: its quickest group (photos, ~5 s), into a file of its own. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '@wildalert/test-support';

const exec = promisify(execFile);

it('npm run bench -- --quick --only=photos prints its figures and writes them with the machine', async () => {
  const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-bench-')), 'RESULTS.md');
  const { stdout } = await exec('npm', ['run', 'bench', '--', '--quick', '--only=photos', `--results=${results}`], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(stdout).toMatch(/^photos_12mp\.per_s: \d+(\.\d+)? photos\/s$/m);
  expect(stdout).toMatch(/^photos_12mp\.peak_rss_mb: \d+(\.\d+)? MB$/m);
  const written = fs.readFileSync(results, 'utf8');
  expect(written).toMatch(/\| `photos_12mp\.per_s` \| [\d.]+ \| photos\/s \|/);
  expect(written).toMatch(/CPU: \d+ ×/);
  fs.rmSync(path.dirname(results), { recursive: true, force: true });
}, 180_000);
