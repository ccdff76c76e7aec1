/** The embedded engine's folder (DATA_DIR) on a full disk: 503 until space returns, no hang, nothing acknowledged lost. */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@wildalert/test-support';
import { cleanUpAfterEach, health, missing, post, serverEnv, tempDir, templateDir } from './data-dir.ts';
import { startServerProcess } from './server-processes.ts';

cleanUpAfterEach();

const run = promisify(execFile);

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
    // A tmpfs with ~1 MB free (room for some 150 alerts, each with its event, level and checks), the database copied in, then the server: all in a namespace that ends with it.
    const mountAndCopy = 'mount -t tmpfs -o "size=$1" tmpfs "$DATA_DIR" && cp -a "$2/." "$DATA_DIR/" && shift 2 && exec "$@"';
    const server = await startServerProcess({
      env: serverEnv(dir),
      wrapper: [...unshare, 'sh', '-c', mountAndCopy, 'sh', `${used + 1024}k`, template],
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
    // Room for the template (~65 MB) and the filler the script writes to leave 1 MB free.
    const mountAndRun = 'mount -t tmpfs -o size=128m tmpfs "$1" && shift && exec "$@"';
    let stdout: string;
    try {
      ({ stdout } = await run(
        unshare[0]!,
        [...unshare.slice(1), 'sh', '-c', mountAndRun, 'sh', mnt, process.execPath, '--import', 'tsx', script, mnt, templateDir()],
        { cwd: REPO_ROOT, timeout: 90_000, killSignal: 'SIGKILL' },
      ));
    } catch (error) {
      const { stdout: partial = '', stderr = '', killed } = error as { stdout?: string; stderr?: string; killed?: boolean };
      throw new Error(`${killed ? 'The engine hung (killed after 90 s)' : 'The script failed'}:\n${partial}\n${stderr}`);
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
  });
});
