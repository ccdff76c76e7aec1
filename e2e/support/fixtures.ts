/**
 * Playwright fixtures: every test gets a running WildAlert server (a real process, the build
 * `npm start` runs) on an empty database (PostgreSQL unless the spec asks for PGlite), tiles
 * from the local tile server, and fails on any uncaught page error.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { test as base, expect, type Page } from '@playwright/test';
import { openStream, startServerProcess, type ServerProcess } from '@wildalert/test-support';
import type { Alert, CreateAlertBody } from '@wildalert/shared';
import { TEMPLATE_DATABASE } from './global-setup.ts';

export { expect };

type Engine = 'pglite' | 'postgres';

export interface WildAlertServer {
  /** The server's origin, e.g. http://127.0.0.1:43123 */
  readonly origin: string;
  readonly engine: Engine;
  readonly process: ServerProcess;
  /** Reports an alert through the API, as a client would. */
  createAlert(body: CreateAlertBody): Promise<Alert>;
  /** GET /Alerts with the given query; returns the alerts. */
  searchAlerts(query: Record<string, string | number>): Promise<Alert[]>;
  /** SQL straight into the database (engine "postgres" only), e.g. to seed old alerts. */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /**
   * A member of staff of `role` and their personal API token, for `Authorization: Bearer`
   * (engine "postgres" only): the account seeded, as an admin would have invited them.
   */
  staffToken(role?: 'responder' | 'moderator' | 'admin'): Promise<string>;
}

export interface ServerOptions {
  engine: Engine;
  /** Extra environment for the server. */
  env: Record<string, string>;
}

export interface Database {
  env: Record<string, string>;
  url?: string;
  drop(): Promise<void>;
}

async function createDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-e2e-'));
    fs.cpSync(process.env.WILDALERT_E2E_PGLITE_TEMPLATE!, dir, { recursive: true });
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const clusterUrl = process.env.WILDALERT_E2E_POSTGRES_URL!;
  const name = `e2e_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const photos = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-e2e-photos-'));
  return {
    env: { DATABASE_URL: url.toString(), PHOTOS_DIR: photos },
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: clusterUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(photos, { recursive: true, force: true });
    },
  };
}

/** Starts a server on a fresh database; for tests that need more than one (say, two instances). */
export async function startWildAlert(
  { engine, env }: ServerOptions,
  database?: Database,
): Promise<WildAlertServer & { database: Database; stop(): Promise<void> }> {
  const db = database ?? (await createDatabase(engine));
  const server = await startServerProcess({
    env: {
      ...db.env,
      TILE_URL: process.env.WILDALERT_E2E_TILE_URL!,
      LOG_LEVEL: 'warn',
      // Tests make many requests from one address; a test of the limits sets its own.
      RATE_LIMIT_POSTS_PER_MINUTE: '1000000',
      RATE_LIMIT_POSTS_PER_DAY: '1000000',
      RATE_LIMIT_READS_PER_MINUTE: '1000000',
      QUERY_CONCURRENCY_PER_CLIENT: '1000000',
      QUERY_TIME_PER_SECOND_MS: '1000000',
      QUERY_TIME_BURST_MS: '1000000000',
      ...env,
    },
    // What `npm start` runs (global-setup.ts builds it).
    build: true,
  });
  let pool: pg.Pool | undefined;
  /** SQL straight into the database (engine "postgres" only). */
  async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    if (!db.url) throw new Error('sql() needs the postgres engine: test.use({ serverOptions: { engine: "postgres", env: {} } })');
    pool ??= new pg.Pool({ connectionString: db.url, max: 2 });
    const { rows } = await pool.query(text, params);
    // As every write through the API does: the server forgets its kept search answers
    // (apps/api/src/caches/search-cache.ts) when it hears this, within milliseconds.
    await pool.query(`SELECT pg_notify('alert_events', '')`);
    return rows;
  }
  return {
    origin: server.url,
    engine,
    process: server,
    database: db,
    async createAlert(body) {
      const res = await fetch(`${server.url}/Alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`POST /Alerts answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: Alert }).data;
    },
    async searchAlerts(query) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const res = await fetch(`${server.url}/Alerts?${qs}`);
      if (res.status !== 200) throw new Error(`GET /Alerts answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: Alert[] }).data;
    },
    sql,
    async staffToken(role = 'moderator') {
      const token = `wa_${randomBytes(32).toString('base64url')}`;
      await sql(
        `WITH account AS (INSERT INTO staff_accounts (name, role) VALUES ($1, $2) RETURNING id)
         INSERT INTO staff_api_tokens (account_id, name, role, token_hash) SELECT id, 'browser tests', $2, $3 FROM account`,
        [`Test ${role}`, role, createHash('sha256').update(token).digest()],
      );
      return token;
    },
    async stop() {
      await pool?.end();
      // The database goes with it: no need to wait for a graceful stop (the API suite tests that).
      await server.kill('SIGKILL');
    },
  };
}

type StartedServer = Awaited<ReturnType<typeof startWildAlert>>;

/**
 * Tables that hold what visitors and moderators did; the rest (migrations, PostGIS's, the push
 * keys, the push and e-mail cursors) stay, and so do the organisations the server's first start made from
 * CONTACTS_FILE (those a test added go).
 */
// The dashboard's areas too, and what its roll-up was built for: copied from AREAS_FILE and
// TIME_ZONE at the server's start, as configuration (the roll-up's counts go with the alerts).
const KEPT_TABLES = ['schema_migrations', 'spatial_ref_sys', 'push_vapid_keys', 'push_cursor', 'email_cursor', 'organisations', 'dashboard_areas', 'dashboard_area_pieces', 'dashboard_rollup'];

/** Per server: when its first start had made the bundled organisations (read before any test wrote). */
const seededUntil = new WeakMap<StartedServer, string>();

/**
 * Empties a running server's PostgreSQL database, as a fresh one: every table of visitors'
 * doings, then the operator's reset notification (docs/operations.md, "Running beyond one
 * machine"), which makes the server forget its kept tiles, searches and hotspots. Done when the server says so
 * on a live stream: its caches are empty before it tells open maps to reload.
 */
async function emptyDatabase(server: StartedServer) {
  const stream = await openStream(`${server.origin}/Alerts/stream?Latitude=0&Longitude=0&Radius=1`);
  try {
    await stream.next('ready', 30_000);
    const c = new pg.Client({ connectionString: server.database.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ name: string }>(
        `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND NOT tablename = ANY ($1)`,
        [KEPT_TABLES],
      );
      // DELETE rather than TRUNCATE: a few rows go in milliseconds, where TRUNCATE makes every
      // table and index a new file. Foreign keys are not checked meanwhile: every row goes.
      if (!seededUntil.has(server)) {
        const [seeded] = (await c.query<{ at: string }>(`SELECT coalesce(max(created_at), now())::text AS at FROM organisations`)).rows;
        seededUntil.set(server, seeded!.at);
      }
      await c.query(
        `BEGIN; SET LOCAL session_replication_role = replica;
         DELETE FROM organisations WHERE created_at > '${seededUntil.get(server)}';
         ${rows.map((r) => `DELETE FROM ${r.name};`).join(' ')}
         NOTIFY alert_events, 'reset'; COMMIT`,
      );
    } finally {
      await c.end();
    }
    await stream.next('reset', 30_000);
  } finally {
    stream.close();
  }
}

export const test = base.extend<
  { serverOptions: ServerOptions; wildalert: WildAlertServer & { database: Database }; pageErrors: Error[] },
  { keptServer: { for(options: ServerOptions): Promise<StartedServer> } }
>({
  // PostgreSQL by default: the server opens a template copy in about a second, where the
  // embedded engine takes several seconds of WebAssembly per server (~6 s of CPU). The embedded
  // engine's own paths (the live map, the self-check) are shown once each on 'pglite'; the API
  // suite runs everything on both engines.
  serverOptions: [{ engine: 'postgres', env: {} }, { option: true }],

  // A worker keeps its PostgreSQL server for the next test with the same options, its database
  // emptied in between: a server's start is most of what a short browser test costs.
  keptServer: [
    async ({}, use) => {
      let kept: { key: string; server: StartedServer } | undefined;
      const stop = async () => {
        await kept?.server.stop();
        await kept?.server.database.drop();
        kept = undefined;
      };
      await use({
        async for(options) {
          const key = JSON.stringify(options);
          if (kept?.key === key && kept.server.process.child.exitCode === null) {
            await emptyDatabase(kept.server);
            return kept.server;
          }
          await stop();
          kept = { key, server: await startWildAlert(options) };
          return kept.server;
        },
      });
      await stop();
    },
    { scope: 'worker' },
  ],

  wildalert: async ({ serverOptions, keptServer }, use) => {
    if (serverOptions.engine === 'postgres') return use(await keptServer.for(serverOptions));
    // An embedded database is the server's alone: a new one for each test.
    const server = await startWildAlert(serverOptions);
    try {
      await use(server);
    } finally {
      await server.stop();
      await server.database.drop();
    }
  },

  baseURL: async ({ wildalert }, use) => {
    await use(`${wildalert.origin}/WildAlertApp/`);
  },

  // Every test fails on an uncaught error in the page.
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors.map((e) => e.message), 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** Grants geolocation at a point, as a visitor allowing the browser to share it. */
export async function grantGeolocation(page: Page, latitude: number, longitude: number) {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude, longitude, accuracy: 20 });
}
