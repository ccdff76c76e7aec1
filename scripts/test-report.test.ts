/**
 * `npm test`'s closing summary names each failed test and why (scripts/test-report.mjs), read
 * from the reports real Vitest and Playwright runs write of a failing test file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedTests, firstLines } from './test-report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
let folder: string;

/** Runs a command in `folder` and reads the JSON report it wrote. */
function report(command: string, args: string[], file: string): unknown {
  const run = spawnSync(command, args, { cwd: folder, encoding: 'utf8', env: { ...process.env, CI: '1', FORCE_COLOR: '1' } });
  expect(run.status, run.stderr).toBe(1);
  return JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
}

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-test-report-'));
  // The repository's packages, for `@playwright/test`.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  fs.writeFileSync(
    path.join(folder, 'sums.test.js'),
    "test('adds up', () => expect(1 + 1).toBe(2));\ntest('counts the photos', () => expect([1]).toHaveLength(2));\n",
  );
  // Its own configuration: Vitest would otherwise find the repository's, above.
  fs.writeFileSync(path.join(folder, 'vitest.config.mjs'), "export default { test: { globals: true, include: ['*.test.js'] } };\n");
  fs.mkdirSync(path.join(folder, 'specs'));
  fs.writeFileSync(
    path.join(folder, 'specs/photos.spec.mjs'),
    [
      "import { expect, test } from '@playwright/test';",
      "test('shows them', () => expect(2).toBe(2));",
      "test.describe('from the gallery', () => {",
      "  test('stores both', () => {",
      '    const stored = [1];',
      '    expect(stored).toHaveLength(2);',
      '  });',
      '});',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(folder, 'playwright.config.mjs'), "export default { testDir: './specs', outputDir: './results', reporter: [['json', { outputFile: 'playwright.json' }]] };\n");
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('the failed tests', () => {
  it("of a Vitest run: the file, the test's name and the assertion", () => {
    const vitest = report(bin('vitest'), ['run', '--config', 'vitest.config.mjs', '--reporter=json', '--outputFile=vitest.json'], 'vitest.json');
    const [failure, ...more] = failedTests(folder, vitest, undefined);
    expect(more).toEqual([]);
    expect(failure!.where).toBe('sums.test.js › counts the photos');
    expect(failure!.message).toContain('expected [ 1 ] to have a length of 2 but got 1');
  });

  it('of a Playwright run: the spec, its line, its group and name, and where it stopped', { timeout: 30_000 }, () => {
    const playwright = report(bin('playwright'), ['test', '-c', 'playwright.config.mjs'], 'playwright.json');
    const spec = 'specs/photos.spec.mjs';
    const [failure, ...more] = failedTests(folder, undefined, playwright);
    expect(more).toEqual([]);
    expect(failure!.where).toBe(`${spec}:4 › from the gallery › stores both (stopped at ${spec}:6)`);
    expect(firstLines(failure!.message)).toContain('Expected length: 2');
  });
});

describe('a failure in the summary', () => {
  it('is its first lines, indented, without colours, and says how many more the log holds', () => {
    const message = ['\u001b[31mError: expect(received).toBe(expected)\u001b[39m', ...Array.from({ length: 11 }, (_, i) => `line ${i + 2}`)].join('\n');
    const shown = firstLines(message).split('\n');
    expect(shown).toHaveLength(9);
    expect(shown[0]).toBe('    Error: expect(received).toBe(expected)');
    expect(shown[7]).toBe('    line 8');
    expect(shown[8]).toBe('    … (4 more lines in the log above)');
  });
});
