/**
 * The embedded engine's folder (DATA_DIR), with real server processes: one server at a time,
 * a folder that is not a WildAlert database or is damaged refused with a message naming it,
 * and a full disk answered with 503 until space returns.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, inject } from 'vitest';
import {
  REPO_ROOT,
  ServerExitedError,
  startServerProcess as startProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from '@wildalert/test-support';
import { createTestDatabase, UNLIMITED } from './helpers.ts';

const run = promisify(execFile);

/** Servers and folders a test leaves behind are removed after it, failed or not. */
const running = new Set<ServerProcess>();
const folders: string[] = [];
afterEach(async () => {
  await Promise.all([...running].map((server) => server.kill('SIGKILL')));
  await Promise.all(folders.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const server = await startProcess(options);
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

/** Starts a server that must refuse to: how it ended and what it wrote. */
async function startRefused(env: Record<string, string>): Promise<ServerExitedError> {
  try {
    const server = await startServerProcess({ env });
    throw new Error(`The server started on ${env.DATA_DIR} (pid ${server.child.pid}) instead of refusing`);
  } catch (error) {
    if (error instanceof ServerExitedError) return error;
    throw error;
  }
}

/** A database of our own: a copy of the run's template, removed after the test. */
async function database(): Promise<string> {
  const { env } = await createTestDatabase();
  folders.push(env.DATA_DIR!);
  return env.DATA_DIR!;
}

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wildalert-data-dir-'));
  folders.push(dir);
  return dir;
}

/** The run's migrated database, which tests copy. */
function templateDir(): string {
  const source = inject('database');
  if (source.engine !== 'pglite') throw new Error('These tests are for the embedded engine (the api-pglite project)');
  return source.templateDir;
}

const serverEnv = (dataDir: string) => ({ ...UNLIMITED, LOG_LEVEL: 'warn', DATA_DIR: dataDir });

let seq = 0;
async function post(server: ServerProcess, comments = `#${seq}`): Promise<Response> {
  seq++;
  return fetch(`${server.url}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latitude: 50 + (seq % 1000) / 10_000, longitude: 19.9, animal: 'boar', comments }),
  });
}

async function postAlerts(server: ServerProcess, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await post(server);
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  return ids;
}

async function missing(server: ServerProcess, ids: string[]): Promise<string[]> {
  const gone: string[] = [];
  for (const id of ids) if ((await fetch(`${server.url}/Alerts/${id}`)).status !== 200) gone.push(id);
  return gone;
}

async function health(server: ServerProcess) {
  const res = await fetch(`${server.url}/health`);
  return { status: res.status, body: (await res.json()) as { status: string; alerts?: number; database: Record<string, unknown> } };
}

/** What an operator reads: one message, not a stack trace. */
function expectPlainMessage(refused: ServerExitedError) {
  expect(refused.exitCode, refused.output).toBe(1);
  expect(refused.output).not.toMatch(/^\s+at /m);
}

describe('one server per folder', () => {
  it('refuses a second server on the same folder, naming the folder and the first one’s pid; the first keeps serving and loses nothing', async () => {
    const dir = await database();
    const first = await startServerProcess({ env: serverEnv(dir) });
    const ids = await postAlerts(first, 5);

    const refused = await startRefused(serverEnv(dir));
    expectPlainMessage(refused);
    expect(refused.output).toContain(dir);
    expect(refused.output).toContain(`${first.child.pid}`);

    ids.push(...(await postAlerts(first, 5)));
    expect(await missing(first, ids)).toEqual([]);
    expect(await first.kill('SIGTERM')).toBe(0);
    const again = await startServerProcess({ env: serverEnv(dir) });
    expect(await missing(again, ids)).toEqual([]);
    expect((await health(again)).body.alerts).toBe(10);
  });

  it('starts after the server before it was killed with SIGKILL, with every alert it acknowledged', async () => {
    const dir = await database();
    const first = await startServerProcess({ env: serverEnv(dir) });
    const ids = await postAlerts(first, 10);
    await first.kill('SIGKILL');

    const again = await startServerProcess({ env: serverEnv(dir) });
    expect(await missing(again, ids)).toEqual([]);
  });

  it('lets exactly one of two servers started at once on a folder left by SIGKILL run; the other names the winner', async () => {
    const dir = await database();
    const first = await startServerProcess({ env: serverEnv(dir) });
    const ids = await postAlerts(first, 3);
    await first.kill('SIGKILL');

    const outcomes = await Promise.allSettled([startServerProcess({ env: serverEnv(dir) }), startServerProcess({ env: serverEnv(dir) })]);
    const started = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(ServerExitedError);
    const refusal = refused[0] as ServerExitedError;
    expectPlainMessage(refusal);
    expect(refusal.output).toContain(dir);
    expect(refusal.output).toContain(`${started[0]!.child.pid}`);
    expect(await missing(started[0]!, ids)).toEqual([]);
  });
});

describe('a folder that is not a WildAlert database', () => {
  it('is refused when it holds something else, with a message naming it, and nothing is written into it', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'notes.txt'), 'my notes\n');
    const before = await fs.stat(path.join(dir, 'notes.txt'));

    const refused = await startRefused(serverEnv(dir));
    expectPlainMessage(refused);
    expect(refused.output).toContain(dir);
    expect(refused.output).toContain('DATA_DIR');

    expect(await fs.readdir(dir)).toEqual(['notes.txt']);
    expect(await fs.readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('my notes\n');
    expect((await fs.stat(path.join(dir, 'notes.txt'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('is created when absent, and opened again as it was left', async () => {
    const dir = path.join(await tempDir(), 'new', 'data');
    const first = await startServerProcess({ env: serverEnv(dir) });
    const ids = await postAlerts(first, 2);
    expect(await first.kill('SIGTERM')).toBe(0);
    expect(await fs.readdir(dir)).toContain('PG_VERSION');

    const again = await startServerProcess({ env: serverEnv(dir) });
    expect(await missing(again, ids)).toEqual([]);
  });

  it('is created again when its creation was cut short (the copy interrupted)', async () => {
    const dir = await tempDir();
    // What a server killed while copying the template in leaves: the marker it writes first, part of the copy.
    await fs.writeFile(path.join(dir, 'wildalert-creating'), '');
    await fs.cp(path.join(templateDir(), 'PG_VERSION'), path.join(dir, 'PG_VERSION'));
    await fs.cp(path.join(templateDir(), 'global'), path.join(dir, 'global'), { recursive: true });

    const server = await startServerProcess({ env: serverEnv(dir) });
    expect((await health(server)).body).toMatchObject({ status: 'ok', alerts: 0 });
    await postAlerts(server, 1);
    expect(await fs.readdir(dir)).not.toContain('wildalert-creating');
  });
});

describe('a damaged database', () => {
  const damages: Array<[string, (dir: string) => Promise<void>]> = [
    ['its control file garbled', (dir) => fs.writeFile(path.join(dir, 'global', 'pg_control'), randomBytes(8192))],
    ['its tables gone', (dir) => fs.rm(path.join(dir, 'base'), { recursive: true })],
  ];
  it.each(damages)('with %s is refused with a message naming the folder and saying what to do', async (_, damage) => {
    const dir = await database();
    await damage(dir);

    const refused = await startRefused(serverEnv(dir));
    expectPlainMessage(refused);
    expect(refused.output).toContain(dir);
    expect(refused.output).toMatch(/could not be opened/);
    expect(refused.output).toMatch(/backup/);
  });
});

/**
 * Mounts need a mount namespace: as root `unshare --mount`, otherwise a user namespace too. Its
 * mounts are private to it and disappear with its last process, so nothing outlives a test.
 */
async function mountNamespace(): Promise<{ unshare: string[]; nsenter: (pid: number) => string[] }> {
  const root = process.getuid?.() === 0;
  const unshare = ['unshare', ...(root ? [] : ['--user', '--map-root-user']), '--mount'];
  try {
    await run(unshare[0]!, [...unshare.slice(1), 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=1m tmpfs "$d" && umount "$d" && rmdir "$d"']);
  } catch (error) {
    throw new Error(
      'These tests fill a small tmpfs mounted as DATA_DIR: run them as root, or where unprivileged user namespaces ' +
        `are allowed (\`${unshare.join(' ')}\` failed: ${(error as Error).message})`,
    );
  }
  return { unshare, nsenter: (pid) => ['nsenter', '-t', `${pid}`, '-m', ...(root ? [] : ['-U', '--preserve-credentials'])] };
}

/** What a copy of the run's template takes on a tmpfs, in KiB: measured on one. */
async function templateSizeKib(unshare: string[], template: string): Promise<number> {
  const dir = await tempDir();
  const script = 'mount -t tmpfs -o size=1g tmpfs "$1" && cp -a "$2/." "$1/" && df -k --output=used "$1" | tail -1';
  const { stdout } = await run(unshare[0]!, [...unshare.slice(1), 'sh', '-c', script, 'sh', dir, template]);
  return Number(stdout.trim());
}

describe('a full disk', () => {
  it('answers 503 storage-full (never 500) while writes cannot be stored, says so on /health, and recovers when space returns', async () => {
    const { unshare, nsenter } = await mountNamespace();
    const template = templateDir();
    const used = await templateSizeKib(unshare, template);
    const dir = await tempDir();
    // A tmpfs with ~2 MB free, the database copied in, then the server: all in a namespace that ends with it.
    const mountAndCopy = 'mount -t tmpfs -o "size=$1" tmpfs "$DATA_DIR" && cp -a "$2/." "$DATA_DIR/" && shift 2 && exec "$@"';
    const server = await startServerProcess({
      env: serverEnv(dir),
      wrapper: [...unshare, 'sh', '-c', mountAndCopy, 'sh', `${used + 2048}k`, template],
    });

    const acknowledged: string[] = [];
    const refusals: Array<{ status: number; type: string | null; retryAfter: string | null; body: string }> = [];
    const comments = () => randomBytes(500).toString('hex');
    const writer = async () => {
      for (let i = 0; i < 10_000 && refusals.length === 0; i++) {
        const res = await post(server, comments());
        if (res.status === 201) acknowledged.push(((await res.json()) as { data: { id: string } }).data.id);
        else refusals.push({ status: res.status, type: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after'), body: await res.text() });
      }
    };
    await Promise.all(Array.from({ length: 4 }, writer));
    expect(refusals.length, 'the disk never filled up').toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(100);
    for (const refusal of refusals) {
      expect(refusal.status, refusal.body).toBe(503);
      expect(refusal.type).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(refusal.body)).toMatchObject({ status: 503, type: '/problems/storage-full' });
      expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
    }
    const full = await health(server);
    expect(full.status).toBe(503);
    expect(full.body).toMatchObject({ status: 'degraded', database: { engine: 'pglite', storageFull: true } });

    await run(nsenter(server.child.pid!)[0]!, [
      ...nsenter(server.child.pid!).slice(1),
      'mount', '-t', 'tmpfs', '-o', `remount,size=${used + 65_536}k`, 'tmpfs', dir,
    ]);
    // Writes work again, at once or after the engine reopened; until then they are refused the same way.
    const deadline = Date.now() + 30_000;
    let res: Response;
    for (;;) {
      res = await post(server, comments());
      if (res.status === 201 || Date.now() > deadline) break;
      expect(res.status, await res.clone().text()).toBe(503);
      expect(((await res.json()) as { type: string }).type).toBe('/problems/storage-full');
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(res.status, await res.text()).toBe(201);
    const recovered = await health(server);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({ status: 'ok', database: { up: true } });
    expect(recovered.body.database.storageFull).toBeUndefined();
    expect(await missing(server, acknowledged)).toEqual([]);
    expect(await server.kill('SIGTERM')).toBe(0);
  }, 180_000);

  it('does not hang when the WAL cannot grow (PostgreSQL PANICs), and opens the database again once space returns', async () => {
    const { unshare } = await mountNamespace();
    const mnt = await tempDir();
    const script = path.join(REPO_ROOT, 'apps/api/test/wal-full-script.ts');
    const mountAndRun = 'mount -t tmpfs -o size=256m tmpfs "$1" && shift && exec "$@"';
    let stdout: string;
    try {
      ({ stdout } = await run(
        unshare[0]!,
        [...unshare.slice(1), 'sh', '-c', mountAndRun, 'sh', mnt, process.execPath, '--import', 'tsx', script, mnt, templateDir()],
        { cwd: REPO_ROOT, timeout: 60_000, killSignal: 'SIGKILL' },
      ));
    } catch (error) {
      const { stdout: partial = '', stderr = '', killed } = error as { stdout?: string; stderr?: string; killed?: boolean };
      throw new Error(`${killed ? 'The engine hung (killed after 60 s)' : 'The script failed'}:\n${partial}\n${stderr}`);
    }
    const steps = Object.fromEntries(
      stdout.trim().split('\n').map((line) => {
        const { step, ...rest } = JSON.parse(line) as { step: string } & Record<string, unknown>;
        return [step, rest];
      }),
    );
    expect(steps['fill the WAL'], stdout).toMatchObject({ ok: false, error: 'StorageFullError' });
    expect(steps['read while full'], stdout).toMatchObject({ ok: false, error: 'StorageFullError' });
    expect(steps['storage full while full'], stdout).toEqual({ value: true });
    expect(steps['read once space returned'], stdout).toMatchObject({ ok: true });
    expect(steps['write once space returned'], stdout).toMatchObject({ ok: true });
    expect(steps['storage full once space returned'], stdout).toEqual({ value: false });
    expect(steps['closed'], stdout).toEqual({});
  }, 120_000);
});
