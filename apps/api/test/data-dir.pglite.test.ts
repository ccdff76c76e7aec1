/**
 * The embedded engine's folder (DATA_DIR), with real server processes: created when absent or
 * cut short, and a folder that is not a WildAlert database or is damaged refused with a message
 * naming it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach, database, expectPlainMessage, health, missing, postAlerts, serverEnv, startRefused, tempDir, templateDir } from './data-dir.ts';
import { startServerProcess } from './server-processes.ts';

cleanUpAfterEach();

describe('a folder that is not a WildAlert database', () => {
  it('is refused when it holds something else, with a message naming it, and nothing is written into it', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'notes.txt'), 'my notes\n');
    const before = await fs.stat(path.join(dir, 'notes.txt'));

    const refused = await startRefused(serverEnv(dir));
    expectPlainMessage(refused);
    expect(refused.output).toContain(dir);
    expect(refused.output).toContain('DATA_DIR');

    expect(await fs.readdir(dir)).toEqual(['notes.txt']);
    expect(await fs.readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('my notes\n');
    expect((await fs.stat(path.join(dir, 'notes.txt'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('is created when absent, and opened again as it was left', async () => {
    const dir = path.join(await tempDir(), 'new', 'data');
    const first = await startServerProcess({ env: serverEnv(dir) });
    const ids = await postAlerts(first, 2);
    expect(await first.kill('SIGTERM')).toBe(0);
    expect(await fs.readdir(dir)).toContain('PG_VERSION');

    const again = await startServerProcess({ env: serverEnv(dir) });
    expect(await missing(again, ids)).toEqual([]);
  });

  it('is created again when its creation was cut short (the copy interrupted)', async () => {
    const dir = await tempDir();
    // What a server killed while copying the template in leaves: the marker it writes first, part of the copy.
    await fs.writeFile(path.join(dir, 'wildalert-creating'), '');
    await fs.cp(path.join(templateDir(), 'PG_VERSION'), path.join(dir, 'PG_VERSION'));
    await fs.cp(path.join(templateDir(), 'global'), path.join(dir, 'global'), { recursive: true });

    const server = await startServerProcess({ env: serverEnv(dir) });
    expect((await health(server)).body).toMatchObject({ status: 'ok', alerts: 0 });
    await postAlerts(server, 1);
    expect(await fs.readdir(dir)).not.toContain('wildalert-creating');
  });
});

describe('a damaged database', () => {
  const damages: Array<[string, (dir: string) => Promise<void>]> = [
    ['its control file garbled', (dir) => fs.writeFile(path.join(dir, 'global', 'pg_control'), randomBytes(8192))],
    ['its tables gone', (dir) => fs.rm(path.join(dir, 'base'), { recursive: true })],
  ];
  it.each(damages)('with %s is refused with a message naming the folder and saying what to do', async (_, damage) => {
    const dir = await database();
    await damage(dir);

    const refused = await startRefused(serverEnv(dir));
    expectPlainMessage(refused);
    expect(refused.output).toContain(dir);
    expect(refused.output).toMatch(/could not be opened/);
    expect(refused.output).toMatch(/backup/);
  });
});
