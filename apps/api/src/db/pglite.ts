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
import type { Database, Queryable } from './database.ts';


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

export async function openPglite({ dataDir, template: templateOptions, log = () => {} }: PgliteOptions): Promise<Database> {
  const fresh = await isEmptyOrAbsent(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  const extensions = { postgis: await corePostgis(templateOptions.dir, log), btree_gist };
  if (fresh) {
    const template = await ensureTemplate(templateOptions, extensions, log);
    // A copy-on-write clone where the file system can (btrfs, XFS), a plain copy elsewhere.
    await fs.cp(template, dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE });
    log(`Created the embedded database in ${dataDir} from ${template}`);
  }
  const started = Date.now();
  const pg = await PGlite.create(dataDir, { extensions });
  log(`Embedded database opened in ${Date.now() - started} ms`);
  return wrap(pg);
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
  const prefix = `pglite-${packageVersion('@electric-sql/pglite')}-postgis-${packageVersion('@electric-sql/pglite-postgis')}-`;
  const template = path.join(dir, `${prefix}${key}`);
  if (!(await isEmptyOrAbsent(template))) return template;
  log(`Preparing the embedded database template in ${template} (once: takes about 10 s)`);
  const building = `${template}.${randomUUID()}.tmp`;
  await fs.mkdir(building, { recursive: true });
  try {
    const pg = await PGlite.create(building, { extensions });
    try {
      await prepare(wrap(pg));
    } finally {
      await pg.close();
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
    await run('tar', ['--format=ustar', '-czf', building, '-C', work, ...members]);
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

function queryable(pg: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pg.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
  };
}

function wrap(pg: PGlite): Database {
  return {
    engine: 'pglite',
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    // One process holds the embedded database, so its notifications are all in-process.
    async listen(channel, onNotify) {
      const unlisten = await pg.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => pg.close(),
  };
}
