import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../test/helpers.ts';
import { prefixOf } from '../http/client-address.ts';
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

  // Only PostgreSQL gives a request's statements a deadline (a few seconds); migrations get none.
  it.runIf(engine() === 'postgres')('lets a migration run longer than a request may', async () => {
    const dir = migrationsDir({ '903_slow.sql': 'SELECT pg_sleep(4.5); CREATE TABLE slow_903 (x int);' });
    expect(await migrate(t.app.db, dir)).toEqual(['903_slow']);
  });

  it('refuses a file not named NNN_name.sql', async () => {
    const dir = migrationsDir({ 'oops.sql': 'SELECT 1' });
    await expect(migrate(t.app.db, dir)).rejects.toThrow(/NNN_name\.sql: oops\.sql/);
  });
});

describe('005_report_networks', () => {
  it('upgrades reports stored by client address: networks from inet functions, one per network, past hides kept', async () => {
    const migrations = await listMigrations();
    const sql = (version: number) => fs.readFileSync(migrations.find((m) => m.version === version)!.file, 'utf8');
    const A = '00000000-0000-4000-8000-00000000000a';
    const B = '00000000-0000-4000-8000-00000000000b';
    const rows = await t.app.db.transaction(
      async (tx) => {
        // The schema as 001-004 left it, beside the real one.
        await tx.exec('CREATE SCHEMA before_005; SET LOCAL search_path TO before_005, public');
        for (const version of [1, 2, 3, 4]) await tx.exec(sql(version));
        await tx.exec(`
          INSERT INTO alerts (id, location, public_location, animal, hidden, hidden_at, hidden_by)
          VALUES ('${A}', 'POINT(19 50)', 'POINT(19 50)', 'boar', true, '2025-01-01 10:00Z', 'reports'),
                 ('${B}', 'POINT(19 50)', 'POINT(19 50)', 'boar', false, NULL, NULL);
          INSERT INTO moderation_log (alert_id, action, at) VALUES ('${A}', 'hidden-by-reports', '2025-01-01 10:00Z');
          -- As the old code stored them: IPv4 addresses, IPv6 /64s by their first address, and
          -- whatever a trusted proxy forwarded.
          INSERT INTO alert_reports (alert_id, client, reason, reported_at) VALUES
            ('${A}', '192.0.2.200', 'second of its /24', '2025-01-01 09:02Z'),
            ('${A}', '192.0.2.1', 'first of its /24', '2025-01-01 09:01Z'),
            ('${A}', '2001:db8:0:1::', 'one zero group', '2025-01-01 09:03Z'),
            ('${A}', '2001:db8:0:2::', 'same /48', '2025-01-01 09:04Z'),
            ('${A}', 'foo', 'not an address', '2025-01-01 09:05Z'),
            ('${A}', 'unknown', 'after the hide', '2025-01-01 11:00Z'),
            ('${B}', '192.0.2.7', 'other alert', '2025-01-01 09:00Z');
        `);
        await tx.exec(sql(5));
        return tx.query<{ alert_id: string; network: string; reason: string; hid: boolean }>(
          `SELECT alert_id, network, reason, hid_at IS NOT NULL AS hid FROM alert_reports ORDER BY reported_at`,
        );
      },
      { timeoutMs: 0 },
    );
    expect(rows).toEqual([
      { alert_id: B, network: '192.0.2.0/24', reason: 'other alert', hid: false },
      { alert_id: A, network: '192.0.2.0/24', reason: 'first of its /24', hid: true },
      { alert_id: A, network: '2001:db8::/48', reason: 'one zero group', hid: true },
      { alert_id: A, network: 'foo', reason: 'not an address', hid: true },
      { alert_id: A, network: 'unknown', reason: 'after the hide', hid: false },
    ]);
  });

  it('writes a network as the API does, so old and new reports of one network meet', async () => {
    const addresses = [
      '192.0.2.77',
      '10.255.255.255',
      '2001:db8::',
      '2001:db8:0:1::',
      '2001:0:0:1::',
      '0:0:1::',
      '2001:db8:abcd:12::',
      'fe80::1:0:0:0',
      '2a02:a000:1:0:0:0:0:1',
      '::1',
    ];
    for (const address of addresses) {
      const [row] = await t.app.db.query<{ network: string }>(
        `SELECT CASE WHEN family($1::inet) = 4 THEN network(set_masklen($1::inet, 24))::text
                     ELSE network(set_masklen($1::inet, 48))::text END AS network`,
        [address],
      );
      expect(row!.network, address).toBe(prefixOf(address, 24, 48));
    }
  });
});
