/** Server mode: PostgreSQL with PostGIS through a connection pool. */
import pg from 'pg';
import { DatabaseUnavailableError, type Database, type Queryable } from './database.ts';

export interface PostgresOptions {
  connectionString: string;
  /** Connections kept open; each new one pays ~10 ms to load PostGIS. */
  poolSize?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Per-connection settings. On a small host the JIT and parallel workers make the radius
 * query several times slower, so both are off.
 */
const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0 -c timezone=UTC';

export async function openPostgres({
  connectionString,
  poolSize = 10,
  log = () => {},
}: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: SESSION_OPTIONS,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 60_000,
    // A query that outlives this is cut off by the server, so no request hangs for ever.
    statement_timeout: 15_000,
  });
  // An idle client losing its connection (say, the server restarting) must not crash the process.
  pool.on('error', (error) => log('PostgreSQL connection lost', error));
  const db: Database = {
    engine: 'postgres',
    ...queryable(pool),
    async transaction(fn) {
      const client = await connect(pool);
      try {
        await run(client, 'BEGIN');
        const result = await fn(queryable(client));
        await run(client, 'COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotify) => listen(connectionString, channel, onNotify, log),
    close: () => pool.end(),
  };
  // Fail at start, with a clear message, when the server cannot be reached.
  await db.query('SELECT 1');
  return db;
}

/**
 * LISTEN needs a connection of its own, outside the pool. When it is lost (the server
 * restarting, say) it reconnects with a growing delay and reports a possible gap with an
 * empty notification.
 */
async function listen(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  log: (message: string, error?: unknown) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, options: SESSION_OPTIONS, connectionTimeoutMillis: 2000 });
    c.on('notification', (n) => onNotify(n.payload ?? ''));
    c.on('error', (error) => {
      log('PostgreSQL LISTEN connection lost; reconnecting', error);
      void c.end().catch(() => {});
      if (client === c) reconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    retryMs = 250;
  };

  const reconnect = () => {
    client = undefined;
    if (stopped || timer) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await connect();
        onNotify('');
      } catch {
        retryMs = Math.min(retryMs * 2, 5000);
        reconnect();
      }
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await run(client, sql, params);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await run(client, sql);
    },
  };
}

async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw unavailable(error);
  }
}

async function run(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) {
  try {
    return await client.query(sql, params as unknown[] | undefined);
  } catch (error) {
    throw isConnectionError(error) ? unavailable(error) : error;
  }
}

function unavailable(cause: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError('PostgreSQL is unavailable', { cause });
}

/** Errors that mean "the server is not there", as opposed to a fault in a statement. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') {
    // pg's own errors for a dropped or timed-out connection carry no code.
    const message = String((error as Error).message ?? '');
    return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    );
  }
  // Node socket errors, and SQLSTATE class 08 (connection exception) and 57P0x (shutdown).
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code) ||
    code.startsWith('08') ||
    /^57P0[1-3]$/.test(code)
  );
}
