/**
 * One server per embedded database folder: a lock file in it naming the process, as
 * PostgreSQL's postmaster.pid does. (PGlite writes a postmaster.pid too, but with a made-up
 * pid, -42, and never checks it: two servers on one folder would both write.)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DataDirError } from './database.ts';

/**
 * The lock is `wildalert.lock.<generation>`, the highest generation present holding the folder.
 *
 * Why generations rather than one file: a lock left by a process that is gone (kill -9) must be
 * taken over, and two processes starting at once both find it stale. Were the stale file
 * deleted or renamed before a new one is made, the slower process could delete or move the
 * faster one's fresh lock, and both would run. So nobody removes a lock to take over: taking
 * over generation g means creating g + 1, which the file system grants to one process only
 * (the others' link fails with EEXIST; they look again and find a live holder). Each file
 * appears whole (written aside, then linked into place), so nobody reads half a lock. A
 * process that looked long ago may create a generation lower than the highest (after the
 * winner cleaned it up); it checks after creating that none higher exists, and otherwise
 * backs off.
 *
 * The holder is recognised by its pid and, on Linux, by its start time (/proc/<pid>/stat) and
 * boot: a server killed with -9 and started again often gets the same pid (always pid 1 in a
 * container), so a pid alone would look alive. Processes in other pid namespaces (two
 * containers sharing a volume) cannot see each other: there the lock cannot help.
 */
const LOCK_FILE = /^wildalert\.lock\.(\d+)$/;
const DRAFT_FILE = /^wildalert\.lock\.[0-9a-f-]+\.tmp$/;
const lockFile = (generation: number) => `wildalert.lock.${generation}`;

/** Whether `name` is one of the lock's files, which the folder may hold before any database. */
export function isLockFile(name: string): boolean {
  return LOCK_FILE.test(name) || DRAFT_FILE.test(name);
}

interface LockOwner {
  pid: number;
  /** Linux: field 22 of /proc/<pid>/stat, in clock ticks since boot. */
  startTime?: string;
  /** Linux: /proc/sys/kernel/random/boot_id. */
  bootId?: string;
  /** For people reading the file. */
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

/** Locks `dir` (which must exist) for this process, or throws a DataDirError naming the holder. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const me: LockOwner = { pid: process.pid, ...(await identity(process.pid)), startedAt: new Date().toISOString() };
  const draft = path.join(dir, `wildalert.lock.${randomUUID()}.tmp`);
  await fs.writeFile(draft, `${JSON.stringify(me)}\n`);
  try {
    // Each round ends with the lock or with a live holder, unless others keep taking stale
    // locks over at the same moment: a few rounds are plenty.
    for (let round = 0; round < 20; round++) {
      const held = await highest(dir);
      if (held?.owner && (await isRunning(held.owner))) throw inUse(dir, held.file, held.owner);
      const generation = (held?.generation ?? 0) + 1;
      const file = path.join(dir, lockFile(generation));
      try {
        await fs.link(draft, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      if ((await highest(dir))?.generation !== generation) {
        await fs.rm(file, { force: true });
        continue;
      }
      await removeStale(dir, generation);
      return { file, release: () => fs.rm(file, { force: true }) };
    }
    throw new DataDirError(`Could not lock ${dir}: other processes kept taking it over. Start one server at a time.`);
  } finally {
    await fs.rm(draft, { force: true });
  }
}

function inUse(dir: string, file: string, owner: LockOwner): DataDirError {
  return new DataDirError(
    `The embedded database in ${dir} is in use by another WildAlert server (process ${owner.pid}, ` +
      `started ${owner.startedAt}). Stop that server first, or give this one another DATA_DIR. ` +
      `If no such server runs (the folder was copied from a running one), delete ${file}.`,
  );
}

async function highest(dir: string): Promise<{ generation: number; file: string; owner: LockOwner | undefined } | undefined> {
  for (;;) {
    const generations = (await fs.readdir(dir)).flatMap((name) => {
      const match = LOCK_FILE.exec(name);
      return match ? [Number(match[1])] : [];
    });
    if (generations.length === 0) return undefined;
    const generation = Math.max(...generations);
    const file = path.join(dir, lockFile(generation));
    try {
      return { generation, file, owner: parseOwner(await fs.readFile(file, 'utf8')) };
    } catch (error) {
      // Released or cleaned up since the listing: look again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** The owner a lock names; undefined for a file no WildAlert server wrote (so nobody holds it). */
function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    // A pid of 0 or below would mean a process group to process.kill.
    return Number.isSafeInteger(owner.pid) && owner.pid! > 0 ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/** Lower generations, and drafts a process killed while starting left behind. */
async function removeStale(dir: string, generation: number): Promise<void> {
  for (const name of await fs.readdir(dir)) {
    const file = path.join(dir, name);
    const match = LOCK_FILE.exec(name);
    if (match && Number(match[1]) < generation) await fs.rm(file, { force: true });
    if (DRAFT_FILE.test(name)) {
      // A draft lives for milliseconds; an old one is an orphan.
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && Date.now() - stat.mtimeMs > 60_000) await fs.rm(file, { force: true });
    }
  }
}

async function isRunning(owner: LockOwner): Promise<boolean> {
  if (owner.startTime !== undefined && process.platform === 'linux') {
    const now = await identity(owner.pid);
    if (owner.bootId !== undefined && now.bootId !== undefined && owner.bootId !== now.bootId) return false;
    return now.startTime === owner.startTime;
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, what tells a process from a later one given the same pid; nothing elsewhere. */
async function identity(pid: number): Promise<{ startTime?: string; bootId?: string }> {
  if (process.platform !== 'linux') return {};
  const [stat, bootId] = await Promise.all([
    fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined),
    fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => undefined),
  ]);
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself:
  // count from after the last ')'. Field 3 is the state (Z: a zombie, already dead).
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTime = fields && fields[0] !== 'Z' ? fields[19] : undefined;
  return { ...(startTime ? { startTime } : {}), ...(bootId ? { bootId: bootId.trim() } : {}) };
}
