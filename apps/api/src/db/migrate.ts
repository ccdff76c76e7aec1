/** Applies the numbered SQL files in `migrations/` that a database has not seen yet. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Any number; it only has to be the same in every instance sharing one database. */
const MIGRATION_LOCK = 4_886_063_924;

export class MigrationError extends Error {}

interface Migration {
  version: number;
  name: string;
  file: string;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return files.map((file) => {
    const match = /^(\d+)_([\w-]+)\.sql$/.exec(file);
    if (!match) throw new MigrationError(`Migration file name must be NNN_name.sql: ${file}`);
    return { version: Number(match[1]), name: match[2]!, file: path.join(dir, file) };
  });
}

/** Returns the names of the migrations applied now; throws a MigrationError naming the one that failed. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await listMigrations(dir);
  // No per-statement deadline: on a big database a migration may rightly take minutes, and
  // waiting for another instance's migrations (the lock below) as long.
  return db.transaction(async (tx) => {
    // Several API instances may start at once against one PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      const sql = await fs.readFile(m.file, 'utf8');
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new MigrationError(
          `Migration ${path.basename(m.file)} failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(`${String(m.version).padStart(3, '0')}_${m.name}`);
    }
    return applied;
  }, { timeoutMs: 0 });
}
