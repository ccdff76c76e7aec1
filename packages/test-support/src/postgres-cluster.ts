/**
 * A throwaway PostgreSQL + PostGIS cluster: a temporary folder, a free port on 127.0.0.1,
 * started with the distribution's initdb/pg_ctl and removed when stopped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

const PG_MAJOR = 15;
const PG_BIN = process.env.PG_BIN ?? `/usr/lib/postgresql/${PG_MAJOR}/bin`;
const POSTGIS_CONTROL = `/usr/share/postgresql/${PG_MAJOR}/extension/postgis.control`;

const POSTGIS_INSTALL_HINT = `apt-get install -y postgresql-${PG_MAJOR}-postgis-3`;

export interface PostgresCluster {
  /** Superuser URL of the `postgres` database. */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** URL of another database on this cluster. */
  urlFor(database: string): string;
  /** Runs SQL with psql as the superuser (for set-up, not for the code under test). */
  psql(sql: string, database?: string): Promise<string>;
  /**
   * Stops the server, keeping its files: "fast" as an operator would, "immediate" is a
   * crash of the server, "kill" a crash of the host (SIGKILL to every process, no pg_ctl).
   */
  pause(mode?: 'fast' | 'immediate' | 'kill'): Promise<void>;
  /** Starts a paused server again on the same port. */
  resume(): Promise<void>;
  /** The server's processes: the postmaster first, then its children (backends and helpers). */
  processes(): Promise<number[]>;
  /**
   * Freezes every process (SIGSTOP): connections stay open and the kernel still accepts new
   * ones, but nothing answers, as with a server stuck on a dead disk or a paused VM.
   */
  freeze(): Promise<void>;
  /** Lets a frozen server run on (SIGCONT). */
  thaw(): Promise<void>;
  /** Stops the server (thawing it first) and deletes its files. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Extra `postgres -c` settings. */
  settings?: Record<string, string | number>;
}

function postgisMissing(): string | undefined {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    return `PostgreSQL ${PG_MAJOR} is not installed (no ${PG_BIN}/initdb). Install it: ${POSTGIS_INSTALL_HINT}`;
  }
  if (!fs.existsSync(POSTGIS_CONTROL)) {
    return `PostGIS for PostgreSQL ${PG_MAJOR} is not installed (no ${POSTGIS_CONTROL}). Install it: ${POSTGIS_INSTALL_HINT}`;
  }
  return undefined;
}

/** PostgreSQL refuses to run as root; as root, its programs run as the `postgres` user. */
function asPostgresUser(file: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

async function pgRun(program: string, args: string[]): Promise<string> {
  const [file, argv] = asPostgresUser(path.join(PG_BIN, program), args);
  const { stdout } = await run(file, argv, { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const missing = postgisMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-pg-'));
  if (process.getuid?.() === 0) {
    await run('chown', ['postgres:postgres', dir]);
  }
  const dataDir = path.join(dir, 'data');
  await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings: Record<string, string | number> = {
    port,
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    // A throwaway cluster: durability of the server itself is not under test.
    fsync: 'off',
    full_page_writes: 'off',
    max_connections: 200,
    ...options.settings,
  };
  const serverOptions = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  const logFile = path.join(dir, 'server.log');
  const start = () => pgRun('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', logFile, '-w', '-t', '60', 'start']);
  try {
    await start();
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`);
  }
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const ctlStop = (mode: string) => pgRun('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  const processes = async () => {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
    return [postmaster, ...(await childrenOf(postmaster))];
  };
  /** The postmaster is stopped first, so it forks no child that the signal would miss. */
  const signalAll = async (signal: NodeJS.Signals) => {
    const [postmaster] = await processes();
    if (signal !== 'SIGCONT') process.kill(postmaster!, 'SIGSTOP');
    for (const pid of await childrenOf(postmaster!)) process.kill(pid, signal);
    process.kill(postmaster!, signal);
  };
  let running = true;
  let frozen = false;
  return {
    url: urlFor('postgres'),
    port,
    dir,
    urlFor,
    async psql(sql, database = 'postgres') {
      return pgRun('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-Atqc', sql]);
    },
    async pause(mode = 'fast') {
      if (mode === 'kill') {
        const pids = await processes();
        await signalAll('SIGKILL');
        await waitUntilGone(pids);
        // The next postmaster would refuse to start while a lock file names a process that
        // still exists, and a zombie does where init does not reap (some containers).
        fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
        fs.rmSync(path.join(dir, `.s.PGSQL.${port}.lock`), { force: true });
      } else {
        await ctlStop(mode);
      }
      running = false;
      frozen = false;
    },
    async resume() {
      await start();
      running = true;
    },
    processes,
    async freeze() {
      // Set first: stop() must thaw even a freeze that failed half way.
      frozen = true;
      await signalAll('SIGSTOP');
    },
    async thaw() {
      await signalAll('SIGCONT');
      frozen = false;
    },
    async stop() {
      if (running && frozen) await signalAll('SIGCONT').catch(() => {});
      if (running) await ctlStop('fast').catch(() => ctlStop('immediate'));
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const { stdout } = await run('pgrep', ['-P', String(pid)]);
    return stdout.split('\n').filter(Boolean).map(Number);
  } catch (error) {
    // pgrep exits with 1 when there is no such process.
    if ((error as { code?: unknown }).code === 1) return [];
    throw error;
  }
}

async function waitUntilGone(pids: number[]): Promise<void> {
  // A zombie counts as gone: it holds no port, file or memory, and init may be slow to reap it.
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 10_000;
  while (pids.some(alive)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL processes still running: ${pids.filter(alive).join(' ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
