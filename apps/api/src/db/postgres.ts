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

/**
 * Deadlines, so that no request waits on a database that does not answer. The server
 * cancels a statement that runs too long, leaving the connection usable; the client gives
 * up a second later, when the server has not answered at all (frozen, or the network cut),
 * and drops that connection. Either way the request answers 503 within a few seconds.
 */
const CONNECT_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 4_000;

/**
 * TCP keepalive after 10 s of silence. The LISTEN connection is silent for hours: without
 * it, a server host that vanished (power or network cut, no goodbye) would leave it waiting
 * for notifications that never come, and idle pooled connections would be found dead only
 * by the next request, at its deadline.
 */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

export async function openPostgres({
  connectionString,
  poolSize = 10,
  log = () => {},
}: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: SESSION_OPTIONS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 60_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    ...KEEPALIVE,
  });
  // An idle client losing its connection (say, the server restarting) must not crash the process.
  pool.on('error', (error) => log('PostgreSQL connection lost', error));
  const db: Database = {
    engine: 'postgres',
    ...queryable(pool, QUERY_TIMEOUT_MS),
    async transaction(fn, { timeoutMs } = {}) {
      const deadline = timeoutMs ?? QUERY_TIMEOUT_MS;
      const client = await connect(pool);
      // A checked-out client emits 'error' when its connection drops (the server restarting,
      // say); with no listener that would kill the process. The statement running then fails
      // on its own, with a DatabaseUnavailableError.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
        log('PostgreSQL connection lost during a transaction', error);
      };
      client.on('error', onError);
      try {
        await run(client, 'BEGIN', undefined, deadline);
        if (timeoutMs !== undefined) {
          await run(client, `SET LOCAL statement_timeout = ${Math.max(0, Math.floor(timeoutMs))}`, undefined, deadline);
        }
        const result = await fn(queryable(client, deadline));
        await run(client, 'COMMIT', undefined, deadline);
        return result;
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) {
          // Lost, or still busy with a statement given up on: closing the connection is the
          // rollback (the server rolls back what a closed connection left open).
          broken ??= error;
        } else {
          await run(client, 'ROLLBACK', undefined, deadline).catch((e: Error) => (broken ??= e));
        }
        throw error;
      } finally {
        client.removeListener('error', onError);
        // With an error, the pool closes the connection instead of handing it to the next request.
        client.release(broken);
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
    const c = new pg.Client({
      connectionString,
      options: SESSION_OPTIONS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      ...KEEPALIVE,
    });
    c.on('notification', (n) => onNotify(n.payload ?? ''));
    c.on('error', (error) => {
      log('PostgreSQL LISTEN connection lost; reconnecting', error);
      void c.end().catch(() => {});
      if (client === c) reconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void c.end().catch(() => {});
      throw error;
    }
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

/** `timeoutMs`: how long the client waits for each statement's answer; 0 for ever. */
function queryable(client: pg.Pool | pg.PoolClient, timeoutMs: number): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await run(client, sql, params, timeoutMs);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await run(client, sql, undefined, timeoutMs);
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

/**
 * One statement (or a script, without `params`). When the answer does not come within
 * `timeoutMs`, pg gives up on it; the pool's query() then closes that connection itself, and
 * transaction() does.
 */
async function run(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[] | undefined, timeoutMs: number) {
  const config: pg.QueryConfig & { query_timeout?: number } = {
    text: sql,
    ...(params ? { values: [...params] } : {}),
    ...(timeoutMs > 0 ? { query_timeout: timeoutMs } : {}),
  };
  try {
    return await client.query(config);
  } catch (error) {
    throw isConnectionError(error) ? unavailable(error) : error;
  }
}

function unavailable(cause: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError('PostgreSQL is unavailable', { cause });
}

/**
 * Errors that mean "the server is not there, or not answering in time", as opposed to a
 * fault in a statement.
 */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') {
    // pg's own errors for a dropped or timed-out connection or statement carry no code.
    const message = String((error as Error).message ?? '');
    return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
      message,
    );
  }
  // Node socket errors, and SQLSTATE class 08 (connection exception), 57P0x (shutdown) and
  // 57014 (statement_timeout; also a cancel, which nothing here sends).
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code) ||
    code.startsWith('08') ||
    /^57P0[1-3]$/.test(code) ||
    code === '57014'
  );
}
