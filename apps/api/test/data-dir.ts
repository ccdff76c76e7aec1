/** What the tests of the embedded engine's folder (data-dir-*.pglite.test.ts) share: real server processes on folders of their own. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, inject } from 'vitest';
import { ServerExitedError, type ServerProcess } from '@wildalert/test-support';
import { createTestDatabase, UNLIMITED } from './helpers.ts';
import { killServersAfterEach, startServerProcess } from './server-processes.ts';

const folders: string[] = [];

/** Call once per file: servers and folders a test leaves behind are removed after it, failed or not. */
export function cleanUpAfterEach() {
  killServersAfterEach();
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });
}

/** Starts a server that must refuse to: how it ended and what it wrote. */
export async function startRefused(env: Record<string, string>): Promise<ServerExitedError> {
  try {
    const server = await startServerProcess({ env });
    throw new Error(`The server started on ${env.DATA_DIR} (pid ${server.child.pid}) instead of refusing`);
  } catch (error) {
    if (error instanceof ServerExitedError) return error;
    throw error;
  }
}

/** A database of our own: a copy of the run's template, removed after the test. */
export async function database(): Promise<string> {
  const { env } = await createTestDatabase();
  folders.push(env.DATA_DIR!);
  return env.DATA_DIR!;
}

export async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wildalert-data-dir-'));
  folders.push(dir);
  return dir;
}

/** The run's migrated database, which tests copy. */
export function templateDir(): string {
  const source = inject('database');
  if (source.engine !== 'pglite') throw new Error('These tests are for the embedded engine (the api-pglite project)');
  return source.templateDir;
}

export const serverEnv = (dataDir: string) => ({ ...UNLIMITED, LOG_LEVEL: 'warn', DATA_DIR: dataDir });

let seq = 0;
export async function post(server: ServerProcess, comments = `#${seq}`): Promise<Response> {
  seq++;
  return fetch(`${server.url}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latitude: 50 + (seq % 1000) / 10_000, longitude: 19.9, animal: 'boar', comments }),
  });
}

export async function postAlerts(server: ServerProcess, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await post(server);
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  return ids;
}

export async function missing(server: ServerProcess, ids: string[]): Promise<string[]> {
  const gone: string[] = [];
  for (const id of ids) if ((await fetch(`${server.url}/Alerts/${id}`)).status !== 200) gone.push(id);
  return gone;
}

export async function health(server: ServerProcess) {
  const res = await fetch(`${server.url}/health`);
  return { status: res.status, body: (await res.json()) as { status: string; alerts?: number; database: Record<string, unknown> } };
}

/** What an operator reads: one message, not a stack trace. */
export function expectPlainMessage(refused: ServerExitedError) {
  expect(refused.exitCode, refused.output).toBe(1);
  expect(refused.output).not.toMatch(/^\s+at /m);
}
