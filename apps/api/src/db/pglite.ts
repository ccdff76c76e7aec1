/** The embedded engine: PGlite (PostgreSQL compiled to WebAssembly) with PostGIS, in a local folder. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type Extension, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { postgis } from '@electric-sql/pglite-postgis';
import { isLockFile, lockDataDir } from './data-dir-lock.ts';
import { DatabaseUnavailableError, DataDirError, StorageFullError, type Database, type Queryable } from './database.ts';

export interface PgliteOptions {
  /** Folder of the database; created from `template` when empty or absent. */
  dataDir: string;
  /** An initialised database copied into an empty `dataDir`, made on first need. */
  template: PgliteTemplate;
  /** Called with progress messages, so a slow first start does not look hung. */
  log?: (message: string) => void;
}

/**
 * A database kept in `dir` with whatever `prepare` made (the migrations, which create the
 * extensions), one per version of PGlite and PostGIS and per `key`: a first start then takes
 * a copy (~0.3 s) instead of ~10 s of initdb and CREATE EXTENSION postgis. Migrations still
 * run after the copy, finding nothing (or only what is newer) to do.
 */
export interface PgliteTemplate {
  dir: string;
  /** Names what `prepare` makes (a hash of the migrations, say). */
  key: string;
  prepare(db: Database): Promise<void>;
}

/**
 * Opens the database in `dataDir`, creating it when the folder is empty or absent. Refuses,
 * with a DataDirError naming the folder and what to do, a folder another server holds, one
 * holding something else (before writing anything into it), and one it cannot open.
 */
export async function openPglite({ dataDir, template: templateOptions, log = () => {} }: PgliteOptions): Promise<Database> {
  await inspect(dataDir);
  await fs.mkdir(dataDir, { recursive: true }).catch(cannotUse(dataDir));
  // Before touching any database file: a second server must change nothing.
  const lock = await lockDataDir(dataDir).catch(cannotUse(dataDir));
  try {
    const extensions = { postgis: await corePostgis(templateOptions.dir, log), btree_gist };
    // Again, now that the folder is ours: another server may have created the database meanwhile.
    const found = await inspect(dataDir);
    if (found !== 'database') await create(dataDir, found, templateOptions, extensions, log).catch(cannotUse(dataDir));
    const open = () => PGlite.create(dataDir, { extensions });
    const started = Date.now();
    const pg = await open().catch(async (error: unknown) => {
      throw new DataDirError(
        `The embedded database in ${dataDir} could not be opened (${(error as Error).message}). ` +
          `${await diskFullHint(dataDir)}If it is damaged, restore the folder from a backup, or move it aside ` +
          'to start with an empty database.',
      );
    });
    log(`Embedded database opened in ${Date.now() - started} ms`);
    return wrap(pg, { dataDir, open, log, release: lock.release });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Written before the template is copied in, removed after: found at a start, the copy was cut short. */
const CREATING = 'wildalert-creating';

/**
 * What the folder holds: a database (it has PG_VERSION, as every PostgreSQL or PGlite data
 * folder does: existing installations need no marker of ours), nothing yet, or a database
 * whose creation was cut short. Anything else is refused: writing a database among someone
 * else's files (DATA_DIR set to the wrong folder) would mix the two.
 */
async function inspect(dataDir: string): Promise<'database' | 'empty' | 'interrupted'> {
  let names: string[];
  try {
    names = await fs.readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'empty';
    return cannotUse(dataDir)(error);
  }
  if (names.includes(CREATING)) return 'interrupted';
  if (names.includes('PG_VERSION')) return 'database';
  // lost+found: the folder is the root of a file system (a mounted volume).
  const others = names.filter((name) => !isLockFile(name) && name !== 'lost+found');
  if (others.length === 0) return 'empty';
  const shown = others.slice(0, 5).join(', ') + (others.length > 5 ? ', …' : '');
  throw new DataDirError(
    `${dataDir} is not empty and holds no WildAlert database (it holds ${shown}), so WildAlert will not ` +
      'create one there. Set DATA_DIR to a new or empty folder, or to the folder of a WildAlert database.',
  );
}

async function create(
  dataDir: string,
  found: 'empty' | 'interrupted',
  templateOptions: PgliteTemplate,
  extensions: Record<string, Extension>,
  log: (message: string) => void,
): Promise<void> {
  const template = await ensureTemplate(templateOptions, extensions, log);
  const marker = path.join(dataDir, CREATING);
  if (found === 'interrupted') {
    log(`The database in ${dataDir} was being created when its server stopped: creating it again`);
    // Everything here but the lock came from the cut-short copy (the folder was empty before).
    for (const name of await fs.readdir(dataDir)) {
      if (!isLockFile(name) && name !== CREATING && name !== 'lost+found') {
        await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
      }
    }
  } else {
    await fs.writeFile(marker, '');
  }
  // A copy-on-write clone where the file system can (btrfs, XFS), a plain copy elsewhere.
  await fs.cp(template, dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE });
  await fs.rm(marker);
  log(`Created the embedded database in ${dataDir} from ${template}`);
}

/** Turns a file-system error at start into one naming the folder. */
function cannotUse(dataDir: string) {
  return (error: unknown): never => {
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(`Cannot use ${dataDir} as DATA_DIR: ${(error as Error).message}`);
  };
}

/** A WAL segment: the most PostgreSQL asks of the disk at once. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;

async function diskFullHint(dataDir: string): Promise<string> {
  const free = await freeBytes(dataDir).catch(() => undefined);
  if (free === undefined || free >= 2 * WAL_SEGMENT_BYTES) return '';
  return `Its disk has only ${(free / 1024 / 1024).toFixed(1)} MB free: free some space and start again. `;
}

/** Free space where the database is, as its process may use it (root may use the reserve too). */
async function freeBytes(dir: string): Promise<number> {
  const stats = await fs.statfs(dir);
  return (process.getuid?.() === 0 ? stats.bfree : stats.bavail) * stats.bsize;
}

/**
 * Makes the template (and the smaller PostGIS bundle) when missing, without opening any
 * DATA_DIR: the slow part of a first start, which `npm start` runs while the web app builds
 * (src/prepare-database.ts). `onCreate` is called before that work begins; false when there
 * was none to do.
 */
export async function preparePgliteTemplate(
  template: PgliteTemplate,
  { log = () => {}, onCreate = () => {} }: { log?: (message: string) => void; onCreate?: () => void } = {},
): Promise<boolean> {
  if (!(await isEmptyOrAbsent(templatePath(template)))) return false;
  onCreate();
  await ensureTemplate(template, { postgis: await corePostgis(template.dir, log), btree_gist }, log);
  return true;
}

function templatePath({ dir, key }: PgliteTemplate): string {
  const prefix = `pglite-${packageVersion('@electric-sql/pglite')}-postgis-${packageVersion('@electric-sql/pglite-postgis')}-`;
  return path.join(dir, `${prefix}${key}`);
}

/**
 * The template's folder, made when missing: built aside and renamed into place, so that
 * processes starting at once never see half of one.
 */
async function ensureTemplate(
  { dir, key, prepare }: PgliteTemplate,
  extensions: Record<string, Extension>,
  log: (message: string) => void,
): Promise<string> {
  const template = templatePath({ dir, key, prepare });
  if (!(await isEmptyOrAbsent(template))) return template;
  log(`Preparing the embedded database template in ${template} (once per installation: 10 s or more, by the machine)`);
  const building = `${template}.${randomUUID()}.tmp`;
  await fs.mkdir(building, { recursive: true });
  try {
    const open = () => PGlite.create(building, { extensions });
    const db = wrap(await open(), { dataDir: building, open, log, release: async () => {} });
    try {
      await prepare(db);
    } finally {
      await db.close();
    }
    await fs.rename(building, template).catch(async (error: NodeJS.ErrnoException) => {
      // Another process finished one first: theirs is as good.
      if (!['EEXIST', 'ENOTEMPTY', 'EPERM'].includes(error.code ?? '')) throw error;
    });
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
  // Templates of other versions or migrations are no use any more.
  for (const name of await fs.readdir(dir)) {
    if (name.startsWith('pglite-') && !name.endsWith('.tmp') && path.join(dir, name) !== template) {
      await fs.rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
  return template;
}

const run = promisify(execFile);

/**
 * PostGIS from a smaller bundle. pglite-postgis ships raster, topology and the tiger
 * geocoder too: 91 MB unpacked, three WebAssembly libraries that PGlite unpacks and compiles
 * at every start. WildAlert uses PostGIS alone (its library, its extension script, the PROJ
 * data), a third of that: every start saves 1–3 s. Made once with the system's `tar` and
 * kept in `dir`; without `tar`, the full bundle.
 */
async function corePostgis(dir: string, log: (message: string) => void): Promise<Extension> {
  const bundle = path.join(dir, `postgis-core-${packageVersion('@electric-sql/pglite-postgis')}.tar.gz`);
  try {
    await fs.access(bundle);
  } catch {
    try {
      await makeCoreBundle(bundle);
    } catch (error) {
      log(`Using the full PostGIS bundle: making a smaller one failed (${(error as Error).message})`);
      return postgis;
    }
  }
  return {
    name: postgis.name,
    setup: async (pg, emscriptenOpts) => ({ ...(await postgis.setup(pg, emscriptenOpts)), bundlePath: pathToFileURL(bundle) }),
  };
}

async function makeCoreBundle(bundle: string): Promise<void> {
  const full = fileURLToPath(new URL('postgis.tar.gz', pathToFileURL(require.resolve('@electric-sql/pglite-postgis'))));
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'wildalert-postgis-'));
  try {
    const control = 'share/postgresql/extension/postgis.control';
    await run('tar', ['-xzf', full, '-C', work, control]);
    const version = /default_version\s*=\s*'([^']+)'/.exec(await fs.readFile(path.join(work, control), 'utf8'))?.[1];
    if (!version) throw new Error('postgis.control names no default_version');
    const members = [control, `share/postgresql/extension/postgis--${version}.sql`, 'lib/postgresql/postgis-3.so', 'share/proj'];
    await run('tar', ['-xzf', full, '-C', work, ...members]);
    const building = `${bundle}.${randomUUID()}.tmp`;
    await fs.mkdir(path.dirname(bundle), { recursive: true });
    // gzip's fastest level: made on a first start, where -6 took a second more for 15% less.
    await run('tar', ['--format=ustar', '--use-compress-program=gzip -1', '-cf', building, '-C', work, ...members]);
    await fs.rename(building, bundle);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  // The entry point lies somewhere below the package's folder, whose package.json names it.
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      const manifest = require(path.join(dir, 'package.json')) as { name?: string; version: string };
      if (manifest.name === name) return manifest.version;
    } catch {
      // no package.json at this level
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the version of ${name}`);
    dir = parent;
  }
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** After a failed reopen, how long until a request may try again (each try takes ~1 s of CPU). */
const REOPEN_INTERVAL_MS = 5_000;

interface Engine {
  dataDir: string;
  /** A new PGlite on the folder. */
  open(): Promise<PGlite>;
  log(message: string): void;
  /** Lets the folder go, after closing. */
  release(): Promise<void>;
}

interface Listener {
  channel: string;
  onNotify: (payload: string) => void;
  /** The instance it listens on, and how to stop. */
  on?: PGlite;
  unlisten?: () => Promise<void>;
}

/**
 * The Database over PGlite. A full disk fails in one of two ways:
 * - a table or index cannot grow: an ERROR with SQLSTATE 53100 (disk_full); that statement
 *   fails, the engine goes on;
 * - the WAL cannot grow: a PANIC. PostgreSQL would restart its processes; PGlite cannot go on
 *   (see stopAfterPanic). Requests then fail at once, and one every 5 s at most opens a new
 *   instance on the folder (crash recovery, as after kill -9), which works once there is space
 *   again; listeners move to it.
 * Both become a StorageFullError (503).
 */
function wrap(first: PGlite, engine: Engine): Database {
  let pg: PGlite | undefined = stopAfterPanic(first);
  let closed = false;
  /** Why `pg` is gone, and when it was last tried again. */
  let dead: { storage: boolean; triedAt: number } | undefined;
  let reopening: Promise<PGlite> | undefined;
  /** Free space when a write last failed for lack of it; see storageFull. */
  let fullAt: { freeBytes: number } | undefined;
  const listeners = new Set<Listener>();

  const unusable = () => {
    const stopped = `The embedded database in ${engine.dataDir} stopped`;
    return dead?.storage
      ? new StorageFullError(`${stopped}, its disk full; it opens again once there is space`)
      : new DatabaseUnavailableError(`${stopped}; a request opens it again, once every ${REOPEN_INTERVAL_MS / 1000} s at most`);
  };

  async function live(): Promise<PGlite> {
    if (closed) throw new Error('The database is closed');
    if (pg) return pg;
    if (!dead || Date.now() - dead.triedAt < REOPEN_INTERVAL_MS) throw unusable();
    reopening ??= reopen().finally(() => (reopening = undefined));
    return reopening;
  }

  async function reopen(): Promise<PGlite> {
    dead!.triedAt = Date.now();
    let next: PGlite;
    try {
      next = stopAfterPanic(await engine.open());
    } catch (error) {
      engine.log(`Could not open the embedded database in ${engine.dataDir} again: ${(error as Error).message}`);
      throw unusable();
    }
    pg = next;
    dead = undefined;
    engine.log(`Opened the embedded database in ${engine.dataDir} again`);
    for (const listener of listeners) {
      try {
        listener.on = next;
        listener.unlisten = await next.listen(listener.channel, listener.onNotify);
      } catch (error) {
        engine.log(`Could not listen on ${listener.channel} again: ${(error as Error).message}`);
      }
      // Notifications may have been missed meanwhile.
      listener.onNotify('');
    }
    return next;
  }

  async function run<T>(fn: (pg: PGlite) => Promise<T>): Promise<T> {
    const target = await live();
    try {
      return await fn(target);
    } catch (error) {
      const { severity, code } = error as { severity?: string; code?: string };
      const storage = code === '53100' || code === 'ENOSPC';
      const stopped = severity === 'PANIC' || severity === 'FATAL';
      if (stopped && target === pg) {
        pg = undefined;
        dead = { storage, triedAt: Date.now() };
        engine.log(`The embedded database in ${engine.dataDir} stopped (${severity}: ${(error as Error).message})`);
      }
      if (storage) {
        fullAt = { freeBytes: await freeBytes(engine.dataDir).catch(() => 0) };
        throw new StorageFullError(`No space left for the database in ${engine.dataDir}`, { cause: error });
      }
      if (stopped) throw new DatabaseUnavailableError(`The embedded database in ${engine.dataDir} stopped`, { cause: error });
      throw error;
    }
  }

  const queryable = (q: PGlite | Transaction): Queryable => ({
    query: async <Row>(sql: string, params: readonly unknown[] = []) => (await q.query<Row>(sql, params as unknown[])).rows,
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  });

  return {
    engine: 'pglite',
    query: (sql, params) => run((p) => queryable(p).query(sql, params)),
    exec: (sql) => run((p) => queryable(p).exec(sql)),
    transaction: (fn) => run((p) => p.transaction((tx) => fn(queryable(tx)))),
    // One process holds the embedded database, so its notifications are all in-process.
    async listen(channel, onNotify) {
      const listener: Listener = { channel, onNotify };
      await run(async (p) => {
        listener.on = p;
        listener.unlisten = await p.listen(channel, onNotify);
      });
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        // A stopped instance hears nothing any more.
        if (listener.on === pg && !closed) await run(() => listener.unlisten!());
      };
    },
    /**
     * True from a write failing for lack of space until the folder's file system has a WAL
     * segment's worth (16 MB) more free than then. A write that succeeds meanwhile proves
     * little (it may fit in a page already there), and waiting for one to clear it would keep
     * a server that a proxy took out of rotation out for good.
     */
    async storageFull() {
      if (dead) return dead.storage;
      if (fullAt && (await freeBytes(engine.dataDir).catch(() => 0)) >= fullAt.freeBytes + WAL_SEGMENT_BYTES) fullAt = undefined;
      return fullAt !== undefined;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        // A stopped instance cannot be closed; it is dropped.
        await pg?.close();
      } finally {
        pg = undefined;
        await engine.release();
      }
    },
  };
}

/**
 * After a PANIC, PGlite never returns from its next exchange with PostgreSQL: it spins,
 * blocking Node's event loop for good. And it makes one by itself right after the failing
 * statement (a Sync, or a ROLLBACK in transaction()). So `pg` is made to throw the PANIC again
 * instead, from then on. Both hooks are methods PGlite calls on itself: execProtocolStream
 * for every message of query() and exec(), execProtocolRawSync below it (covered by a test
 * in data-dir.pglite.test.ts, should a new PGlite call them differently).
 */
function stopAfterPanic(pg: PGlite): PGlite {
  let panic: unknown;
  const stream = pg.execProtocolStream.bind(pg);
  pg.execProtocolStream = async (...args) => {
    try {
      return await stream(...args);
    } catch (error) {
      const { severity } = error as { severity?: string };
      if (severity === 'PANIC' || severity === 'FATAL') panic ??= error;
      throw error;
    }
  };
  const raw = pg.execProtocolRawSync.bind(pg);
  pg.execProtocolRawSync = (...args) => {
    if (panic) throw panic;
    return raw(...args);
  };
  return pg;
}
