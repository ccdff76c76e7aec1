/** Test helpers: a fresh database per test file (copied from the run's template) and an app on it. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Alert } from '@wildalert/shared';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { StaffRole } from '@wildalert/shared';
import { newApiToken, secretHash } from '../src/staff/secrets.ts';
import { holdToContract } from './contract.ts';

export const engine = () => inject('database').engine;

/**
 * Abuse limits raised out of the way: tests make many requests from one address. The
 * rate-limit tests set their own.
 */
export const UNLIMITED = {
  RATE_LIMIT_POSTS_PER_MINUTE: '1000000',
  RATE_LIMIT_POSTS_PER_DAY: '1000000',
  RATE_LIMIT_READS_PER_MINUTE: '1000000',
  VOTES_PER_NETWORK_PER_DAY: '1000000',
  QUERY_CONCURRENCY_PER_CLIENT: '1000000',
  QUERY_TIME_PER_SECOND_MS: '1000000',
  QUERY_TIME_BURST_MS: '1000000000',
} as const;

export interface TestDatabase {
  /** Environment variables that point a server at this database. */
  env: { DATA_DIR?: string; DATABASE_URL?: string };
  /** Deletes the database. */
  drop(): Promise<void>;
}

/** A new, migrated, empty database for this test: a copy of the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const source = inject('database');
  if (source.engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-pglite-'));
    fs.cpSync(source.templateDir, dir, { recursive: true });
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: source.clusterUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.templateDatabase}`);
  } finally {
    await admin.end();
  }
  const url = new URL(source.clusterUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: source.clusterUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** Closes the app; the database stays until `dispose`. */
  close(): Promise<void>;
  /** Closes the app and deletes the database. */
  dispose(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
  database?: TestDatabase,
): Promise<TestApp> {
  const db = database ?? (await createTestDatabase());
  // Photos in a folder of the test's own, unless it configures S3 (never ./data-photos).
  const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-test-photos-'));
  // No geocoder unless the test starts its own stand-in: tests never reach a public server.
  const config = loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', GEOCODER_URL: '', ...UNLIMITED, ...db.env, PHOTOS_DIR: photosDir, ...env });
  const app = await buildApp(config, { webDir: path.join(os.tmpdir(), 'wildalert-no-web'), ...options });
  await app.ready();
  // Every answer the tests get is checked against the OpenAPI document (contract.ts).
  holdToContract(app);
  let closed = false;
  const close = async () => {
    if (!closed) await app.close();
    closed = true;
    fs.rmSync(photosDir, { recursive: true, force: true });
  };
  return {
    app,
    config,
    database: db,
    close,
    async dispose() {
      await close();
      await db.drop();
    },
  };
}

/** Stores an alert through the API, as a client would, and answers it (failing unless 201). */
export async function postAlert(app: FastifyInstance, body: Record<string, unknown>): Promise<Alert> {
  const res = await app.inject({ method: 'POST', url: '/Alerts', payload: body });
  if (res.statusCode !== 201) throw new Error(`POST /Alerts answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: Alert }>().data;
}

/**
 * RFC 3339 allows any UTC offset up to ±23:59 (PostgreSQL's timestamptz input only ±15:59): the
 * offsets a `since` is written in by the tests, the widest first.
 */
export const UTC_OFFSETS_MINUTES = [23 * 60 + 59, -(23 * 60 + 59), 20 * 60, -(16 * 60), 5 * 60 + 45, 0] as const;

/**
 * The instant `iso` ("…Z") written with another UTC offset, its fraction digits kept:
 * `atOffset('2026-01-01T00:00:00.123Z', 20 * 60)` is `'2026-01-01T20:00:00.123+20:00'`.
 */
export function atOffset(iso: string, offsetMinutes: number): string {
  const fraction = /(\.\d+)?Z$/.exec(iso)?.[1] ?? '';
  const local = new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const minutes = Math.abs(offsetMinutes);
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${local}${fraction}${offsetMinutes < 0 ? '-' : '+'}${hhmm}`;
}

/**
 * A member of staff of `role` and their personal API token (`Authorization: Bearer <token>`), as
 * an admin would have made them: the account seeded, the token made by the server's own code;
 * with `memberOf`, a member of that organisation too.
 */
export async function staffToken(app: FastifyInstance, role: StaffRole = 'moderator', name = `Test ${role}`, { memberOf }: { memberOf?: string } = {}): Promise<string> {
  const [account] = await app.db.query<{ id: string }>(`INSERT INTO staff_accounts (name, role) VALUES ($1, $2) RETURNING id`, [name, role]);
  const token = newApiToken();
  await app.staff.createToken({ accountId: account!.id, name: 'tests', role, tokenHash: secretHash(token) }, { accountId: account!.id, name });
  if (memberOf !== undefined) await app.db.query('INSERT INTO organisation_members (organisation_id, account_id) VALUES ($1, $2)', [memberOf, account!.id]);
  return token;
}

/** The id of the organisation whose Polish name is `pl` (the seeded ones: the City Guard, the veterinary officer, 112). */
export async function organisationId(app: FastifyInstance, pl: string): Promise<string> {
  const [row] = await app.db.query<{ id: string }>(`SELECT id FROM organisations WHERE name->>'pl' = $1`, [pl]);
  if (!row) throw new Error(`No organisation ${pl}`);
  return row.id;
}
