/**
 * The docs as the tests read them: README.md and docs/*.md, their shell commands and fenced
 * blocks. A test that runs a command the docs show takes it with `documented()`, so the command
 * it runs is the one written there; docs.test.ts checks that every command shown is so taken.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@wildalert/test-support';

/** The docs whose commands must run as written, relative to the repository. */
export const DOCS = ['README.md', ...fs.readdirSync(path.join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** Languages of a fenced block that holds commands to type. */
const SHELL = new Set(['sh', 'bash', 'shell']);

export function readDoc(file: string): string {
  return fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

/** The fenced blocks of `text`: their language (after the opening fence) and content. */
function fencedBlocks(text: string): Array<{ lang: string; body: string }> {
  return [...text.matchAll(/^```([\w-]*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));
}

/** Every command of every shell block in the docs, a line continued with `\` joined to the next. */
export function shellCommands(): Array<{ file: string; command: string }> {
  return DOCS.flatMap((file) =>
    fencedBlocks(readDoc(file))
      .filter((block) => SHELL.has(block.lang))
      .flatMap((block) => block.body.replace(/\\\n\s*/g, '').split('\n'))
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((command) => ({ file, command })),
  );
}

/** The blocks of one language across the docs (the embed snippet is `html`). */
export function blocksOf(lang: string): string[] {
  return DOCS.flatMap((file) => fencedBlocks(readDoc(file)).filter((b) => b.lang === lang).map((b) => b.body));
}

/** `command`, which a test is about to run; throws when the docs no longer show it as written. */
export function documented(command: string): string {
  if (!shellCommands().some((c) => c.command === command)) {
    throw new Error(`The docs (${DOCS.join(', ')}) no longer show \`${command}\` in a shell block: run what they show instead.`);
  }
  return command;
}
