/** The mixed-load benchmark (bench/README.md) runs: a short run, which must end with no failed request. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '@wildalert/test-support';

const exec = promisify(execFile);

it('npm run load -w bench holds a mixed load with no error and stores every acknowledged alert', async () => {
  const { stdout } = await exec('npm', ['run', 'load', '-w', 'bench', '--', '--duration', '5', '--seed', '200', '--connections', '4'], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(stdout).toMatch(/Errors: +0 /);
  const stored = /Alerts stored: +(\d+) new, (\d+) acknowledged/.exec(stdout);
  const [newAlerts, acknowledged] = [Number(stored?.[1]), Number(stored?.[2])];
  expect(acknowledged).toBeGreaterThan(0);
  // Every acknowledged alert is stored; the run may end with a few still in flight.
  expect(newAlerts).toBeGreaterThanOrEqual(acknowledged);
  expect(newAlerts).toBeLessThanOrEqual(acknowledged + 4);
  expect(stdout).toMatch(/req\/s/);
}, 180_000);
