/** The lock on the embedded engine's folder: one holder at a time; a stale lock is taken over by exactly one. */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});
async function folder(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wildalert-lock-'));
  folders.push(dir);
  return dir;
}

/** A lock as a server that is gone left it. */
async function staleLock(dir: string, owner: Record<string, unknown>) {
  await fs.writeFile(path.join(dir, 'wildalert.lock.1'), JSON.stringify({ startedAt: '2020-01-01T00:00:00.000Z', ...owner }));
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('refuses a folder that is held, naming the folder, the holder’s pid and the lock file; once released it can be taken', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirError);
    expect((refusal as Error).message).toContain(dir);
    expect((refusal as Error).message).toContain(`process ${process.pid}`);
    expect((refusal as Error).message).toContain(lock.file);

    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('takes over a lock whose process is gone, and cleans it up', async () => {
    const dir = await folder();
    await staleLock(dir, { pid: await deadPid() });
    const lock = await lockDataDir(dir);
    expect(await fs.readdir(dir)).toEqual([path.basename(lock.file)]);
    await lock.release();
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to another process (on Linux, by its start time)', async () => {
    const dir = await folder();
    // This very process, as far as the pid goes: as when a container's server, always pid 1, was killed and restarted.
    await staleLock(dir, { pid: process.pid, startTime: '1' });
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('takes over a lock file no server wrote', async () => {
    const dir = await folder();
    await fs.writeFile(path.join(dir, 'wildalert.lock.1'), 'garbage');
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('lets exactly one of many starting at once take over a stale lock', async () => {
    const dir = await folder();
    await staleLock(dir, { pid: await deadPid() });
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => lockDataDir(dir)));
    const winners = outcomes.filter((o) => o.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(DataDirError);
    const lock = (winners[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataDir>>>).value;
    expect(await fs.readdir(dir)).toEqual([path.basename(lock.file)]);
    await lock.release();
  });
});
