/** The embedded engine: PGlite (PostgreSQL compiled to WebAssembly) with PostGIS, in a local folder. */
import fs from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { postgis } from '@electric-sql/pglite-postgis';
import type { Database, Queryable } from './database.ts';

export interface PgliteOptions {
  /** Folder of the database; created and initialised when empty or absent. */
  dataDir: string;
  /** Called with progress messages, so a slow first start does not look hung. */
  log?: (message: string) => void;
}

export async function openPglite({ dataDir, log = () => {} }: PgliteOptions): Promise<Database> {
  const fresh = await isEmptyOrAbsent(dataDir);
  if (fresh) {
    log(`Creating the embedded database in ${dataDir} (first start: takes about 10 s)`);
  }
  await fs.mkdir(dataDir, { recursive: true });
  const started = Date.now();
  const pg = await PGlite.create(dataDir, { extensions: { postgis, btree_gist } });
  log(`Embedded database opened in ${Date.now() - started} ms`);
  return wrap(pg);
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
