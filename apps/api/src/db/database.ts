/** The small query interface the rest of the API uses; it cannot tell which engine serves it. */

type Engine = 'pglite' | 'postgres';

export interface Queryable {
  /** One statement with `$1`-style parameters; returns the rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

interface TransactionOptions {
  /**
   * How long each statement may take, in ms; 0 for no limit. By default PostgreSQL gives a
   * statement a few seconds, so that a request never waits on a database that does not answer.
   */
  timeoutMs?: number;
}

export interface Database extends Queryable {
  readonly engine: Engine;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any connection
   * (another API instance included). After a lost connection it listens again by itself
   * and calls `onNotify('')`, since notifications may have been missed meanwhile.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether writes fail for lack of disk space (see StorageFullError), for /health: reads
   * still work then. Absent where the engine cannot tell.
   */
  storageFull?(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The database could not be reached (server stopped, connection refused or lost) or did
 * not answer in time: the API answers 503 for these instead of 500.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** The disk under the database is full: nothing more can be stored until space is freed (503). */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
}

/**
 * The embedded engine's folder cannot be used (another server holds it, it holds something
 * else, it is damaged). The message names the folder and says what to do; a start prints
 * just that.
 */
export class DataDirError extends Error {
  override name = 'DataDirError';
}
