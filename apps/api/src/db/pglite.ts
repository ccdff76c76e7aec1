/** The embedded engine: PGlite (PostgreSQL compiled to WebAssembly) with PostGIS, in a local folder. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { postgis } from '@electric-sql/pglite-postgis';
import type { Database, Queryable } from './database.ts';

const EXTENSIONS = { postgis, btree_gist };

/** The slow part of a new database (~10 s: initdb, then loading PostGIS), done once per template. */
const CREATE_EXTENSIONS = 'CREATE EXTENSION IF NOT EXISTS postgis; CREATE EXTENSION IF NOT EXISTS btree_gist;';

export interface PgliteOptions {
  /** Folder of the database; created and initialised when empty or absent. */
  dataDir: string;
  /**
   * Where an initialised database with its extensions is kept (made on first need, one per
   * version of PGlite and PostGIS) and copied into an empty `dataDir`: a first start then
   * takes a copy (~0.3 s) instead of ~10 s. Migrations run after the copy as usual.
   */
  templateDir?: string;
  /** Called with progress messages, so a slow first start does not look hung. */
  log?: (message: string) => void;
}

export async function openPglite({ dataDir, templateDir, log = () => {} }: PgliteOptions): Promise<Database> {
  const fresh = await isEmptyOrAbsent(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  if (fresh && templateDir) {
    const template = await ensureTemplate(templateDir, log);
    await fs.cp(template, dataDir, { recursive: true });
    log(`Created the embedded database in ${dataDir} from ${template}`);
  } else if (fresh) {
    log(`Creating the embedded database in ${dataDir} (first start: takes about 10 s)`);
  }
  const started = Date.now();
  const pg = await PGlite.create(dataDir, { extensions: EXTENSIONS });
  log(`Embedded database opened in ${Date.now() - started} ms`);
  return wrap(pg);
}

/**
 * The template's folder, made when missing: built aside and renamed into place, so that
 * processes starting at once never see half of one.
 */
async function ensureTemplate(templateDir: string, log: (message: string) => void): Promise<string> {
  const template = path.join(templateDir, `pglite-${packageVersion('@electric-sql/pglite')}-postgis-${packageVersion('@electric-sql/pglite-postgis')}`);
  if (!(await isEmptyOrAbsent(template))) return template;
  log(`Preparing the embedded database template in ${template} (once: takes about 10 s)`);
  const building = `${template}.${randomUUID()}.tmp`;
  await fs.mkdir(building, { recursive: true });
  try {
    const pg = await PGlite.create(building, { extensions: EXTENSIONS });
    await pg.exec(CREATE_EXTENSIONS);
    await pg.close();
    await fs.rename(building, template).catch(async (error: NodeJS.ErrnoException) => {
      // Another process finished one first: theirs is as good.
      if (!['EEXIST', 'ENOTEMPTY', 'EPERM'].includes(error.code ?? '')) throw error;
    });
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
  return template;
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
