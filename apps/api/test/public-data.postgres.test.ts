/**
 * The schema a GIS user is given (migration 026): a login in the role `wildalert_gis` reads the
 * public alerts, at their published points, and nothing else of the database. PostgreSQL only:
 * the embedded engine has one user and no logins to give.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '@wildalert/shared';
import { blocksOf } from '../../../scripts/docs.ts';
import { createTestApp, postAlert, staffToken, type TestApp } from './helpers.ts';

let t: TestApp;
let gis: pg.Client;
const login = `gis_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

beforeAll(async () => {
  t = await createTestApp();
  // What docs/open-data.md tells an operator to run for a GIS user, with a login of this test's own.
  const documented = blocksOf('sql').find((sql) => sql.includes('IN ROLE wildalert_gis'))!;
  const password = 'a long random password';
  expect(documented).toContain(`CREATE ROLE qgis LOGIN PASSWORD '${password}'`);
  await t.app.db.query(documented.replace('CREATE ROLE qgis', `CREATE ROLE ${login}`));
  const url = new URL(t.database.env.DATABASE_URL!);
  url.username = login;
  url.password = password;
  gis = new pg.Client({ connectionString: url.toString() });
  await gis.connect();
});
afterAll(async () => {
  await gis.end();
  await t.dispose();
  const admin = new pg.Client({ connectionString: (() => {
    const url = new URL(t.database.env.DATABASE_URL!);
    url.pathname = '/postgres';
    return url.toString();
  })() });
  await admin.connect();
  await admin.query(`DROP ROLE IF EXISTS ${login}`);
  await admin.end();
});

interface Row {
  id: string;
  animal: string;
  latitude: number;
  longitude: number;
}

const publicRows = async () =>
  (await gis.query<Row>('SELECT id, animal, ST_Y(geom) AS latitude, ST_X(geom) AS longitude FROM public_data.alerts')).rows;

describe('the public_data schema, read as wildalert_gis', () => {
  it('holds the visible alerts at the points the API publishes, never a hidden one', async () => {
    const fox = await postAlert(t.app, { latitude: 50.0614, longitude: 19.9366, animal: 'fox', comments: 'Planty' });
    // A sensitive species: its exact point is not what the API answers.
    const wolf = await postAlert(t.app, { latitude: 50.08123, longitude: 19.91876, animal: 'wolf' });
    const hidden = await postAlert(t.app, { latitude: 50.05, longitude: 19.95, animal: 'boar', comments: 'spam' });
    const token = await staffToken(t.app);
    const hide = await t.app.inject({ method: 'DELETE', url: `/Alerts/${hidden.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(hide.statusCode, hide.body).toBe(204);

    const rows = await publicRows();
    expect(rows.map((r) => r.id).sort()).toEqual([fox.id, wolf.id].sort());
    for (const row of rows) {
      const api = (await t.app.inject({ method: 'GET', url: `/Alerts/${row.id}` })).json().data as Alert;
      expect(row.latitude).toBeCloseTo(api.latitude, 9);
      expect(row.longitude).toBeCloseTo(api.longitude, 9);
    }
    const wolfRow = rows.find((r) => r.id === wolf.id)!;
    expect(wolfRow.latitude).not.toBeCloseTo(50.08123, 5);
  });

  it('cannot read any table of WildAlert: not the alerts, the subscribers, the staff or the secrets', async () => {
    const tables = await t.app.db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'spatial_ref_sys'`,
    );
    expect(tables.map((r) => r.name)).toEqual(expect.arrayContaining(['alerts', 'push_subscriptions', 'email_subscriptions', 'staff_accounts', 'webhook_endpoints']));
    for (const { name } of tables) {
      await expect(gis.query(`SELECT * FROM public.${name} LIMIT 1`), name).rejects.toThrow(/permission denied/);
    }
  });

  it('cannot write', async () => {
    await expect(gis.query("UPDATE public_data.alerts SET comments = 'x'")).rejects.toThrow(/permission denied/);
  });
});
