import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { listMigrations, migrate, MigrationError, MIGRATIONS_DIR } from './migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

function migrationsDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS_DIR)) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migrate', () => {
  it('applies nothing twice', async () => {
    expect(await migrate(t.app.db)).toEqual([]);
    const versions = await t.app.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY 1');
    expect(versions.map((v) => v.version)).toEqual((await listMigrations()).map((m) => m.version));
  });

  it('applies a new file in order', async () => {
    const dir = migrationsDir({ '900_extra.sql': 'CREATE TABLE extra_900 (x int);' });
    expect(await migrate(t.app.db, dir)).toEqual(['900_extra']);
    expect(await t.app.db.query('SELECT * FROM extra_900')).toEqual([]);
  });

  it('stops with a message naming the failed file, and applies none of a failed run', async () => {
    const dir = migrationsDir({
      '901_fine.sql': 'CREATE TABLE fine_901 (x int);',
      '902_broken.sql': 'CREATE TABLE broken_902 (x nonexistent_type);',
    });
    await expect(migrate(t.app.db, dir)).rejects.toThrow(MigrationError);
    await expect(migrate(t.app.db, dir)).rejects.toThrow(/902_broken\.sql failed: .*nonexistent_type/);
    const tables = await t.app.db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'fine_901'`);
    expect(tables).toEqual([]);
  });

  it('refuses a file not named NNN_name.sql', async () => {
    const dir = migrationsDir({ 'oops.sql': 'SELECT 1' });
    await expect(migrate(t.app.db, dir)).rejects.toThrow(/NNN_name\.sql: oops\.sql/);
  });
});
