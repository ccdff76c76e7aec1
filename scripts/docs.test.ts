/**
 * The docs stay true to the repository: every command they show is run by a test (or by CI), and
 * every link and file path they quote points at something that is there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@wildalert/test-support';
import { DOCS, readDoc, shellCommands } from './docs.ts';

/** Folders that hold no source: dependencies, builds, test output, local data. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'test-results', 'playwright-report', 'data']);

/** Every file of the repository, relative to its root, with `/` separators. */
function repositoryFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.endsWith('-photos') ? [] : repositoryFiles(relative);
    return [relative];
  });
}

const files = repositoryFiles();
const sources = files.filter((f) => /\.(ts|tsx|mjs)$/.test(f));

/** The commands tests take from the docs: `documented('…')`, the literal they run. */
function commandsTestsRun(): Map<string, string> {
  const run = new Map<string, string>();
  // Not these two, which name documented() without running anything.
  for (const file of sources.filter((f) => !['scripts/docs.ts', 'scripts/docs.test.ts'].includes(f))) {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const m of text.matchAll(/\bdocumented\(\s*(['"`])((?:(?!\1).)*)\1\s*\)/g)) run.set(m[2]!, file);
  }
  // CI runs its script's commands on a fresh clone (`npm test` among them).
  for (const line of fs.readFileSync(path.join(REPO_ROOT, '.ci/run'), 'utf8').split('\n')) {
    if (line.trim() && !line.startsWith('#')) run.set(line.trim(), '.ci/run');
  }
  return run;
}

describe('the commands in README.md and docs/*.md', () => {
  const shown = shellCommands();
  const run = commandsTestsRun();

  it('are found', () => {
    expect(shown.map((c) => c.command)).toEqual(expect.arrayContaining(['npm ci && npm start', 'npm test', 'npm run dev']));
  });

  it('are each run by a test that takes it from the docs (curl examples: every one, by readme.test.ts and openapi.test.ts), or by CI', () => {
    const notRun = shown.filter((c) => !c.command.startsWith('curl ') && !run.has(c.command));
    expect(notRun, 'a command shown must be taken with documented() by the test that runs it').toEqual([]);
  });

  it('include every command a test takes from them', () => {
    const commands = new Set(shown.map((c) => c.command));
    const missing = [...run].filter(([command, file]) => file !== '.ci/run' && !commands.has(command));
    expect(missing, 'documented() names a command no doc shows').toEqual([]);
  });
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readDoc(file).replace(/^```[\s\S]*?^```$/gm, '');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!.replace(/`/g, ''))));
}

/** Outside fenced blocks. */
const prose = (file: string) => readDoc(file).replace(/^```[\s\S]*?^```$/gm, '');

describe('the docs', () => {
  const linked = [...DOCS, 'bench/README.md'];

  it.each(linked)('%s links only to files and headings that are there', (file) => {
    const broken: string[] = [];
    for (const m of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^(https?|mailto):/.test(target)) continue;
      const [where = '', anchor] = target.split('#');
      const resolved = where ? path.posix.normalize(path.posix.join(path.posix.dirname(file), where)) : file;
      if (!fs.existsSync(path.join(REPO_ROOT, resolved))) broken.push(target);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it.each(linked)('%s quotes only file paths that are in the repository', (file) => {
    // A quoted name of a source, doc or data file, whole or by its last folders (`services/alert-changes.ts`).
    const quoted = [...prose(file).matchAll(/`([\w.][\w./-]*\.(?:ts|tsx|mjs|js|json|sql|md|png|css|sh))`/g)].map((m) => m[1]!);
    const missing = quoted.filter((q) => !files.some((f) => f === q || f.endsWith(`/${q}`)));
    expect(missing).toEqual([]);
  });
});
