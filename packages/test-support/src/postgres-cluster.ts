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

export const PG_MAJOR = 15;
export const PG_BIN = process.env.PG_BIN ?? `/usr/lib/postgresql/${PG_MAJOR}/bin`;
const POSTGIS_CONTROL = `/usr/share/postgresql/${PG_MAJOR}/extension/postgis.control`;

export const POSTGIS_INSTALL_HINT = `apt-get install -y postgresql-${PG_MAJOR}-postgis-3`;

export interface PostgresCluster {
  /** Superuser URL of the `postgres` database. */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** URL of another database on this cluster. */
  urlFor(database: string): string;
  /** Runs SQL with psql as the superuser (for set-up, not for the code under test). */
  psql(sql: string, database?: string): Promise<string>;
  /** Stops the server, keeping its files (mode "immediate" is a crash). */
  pause(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts a paused server again on the same port. */
  resume(): Promise<void>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Extra `postgres -c` settings. */
  settings?: Record<string, string | number>;
}

export function postgisMissing(): string | undefined {
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
  let running = true;
  return {
    url: urlFor('postgres'),
    port,
    dir,
    urlFor,
    async psql(sql, database = 'postgres') {
      return pgRun('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-Atqc', sql]);
    },
    async pause(mode = 'fast') {
      await ctlStop(mode);
      running = false;
    },
    async resume() {
      await start();
      running = true;
    },
    async stop() {
      if (running) await ctlStop('fast').catch(() => ctlStop('immediate'));
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
