/**
 * The real API server in a child process, for tests that signal or kill it: from its sources
 * (`node --import tsx apps/api/src/server.ts`), or the build that `npm start` runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_SOURCE = ['--import', 'tsx', fileURLToPath(new URL('../../../apps/api/src/server.ts', import.meta.url))];
const SERVER_BUILD = ['--enable-source-maps', fileURLToPath(new URL('../../../apps/api/dist/server.js', import.meta.url))];
/**
 * Node keeps the code it compiled for the server's modules here, for the next server: a
 * start then costs less CPU (cached entries are checked against the source they came from).
 */
const COMPILE_CACHE = fileURLToPath(new URL('../../../node_modules/.cache/wildalert-node-compile-cache', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything the server wrote so far (JSON log lines). */
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface ServerProcessOptions {
  env: Record<string, string | undefined>;
  /** How long to wait for /health to answer 200. */
  startTimeoutMs?: number;
  /**
   * A command that runs the server as its last arguments (such as `unshare --mount sh -c
   * '…; exec "$@"' sh`), which must end by exec-ing them so that the child is the server.
   */
  wrapper?: string[];
  /** Run apps/api/dist/server.js, as `npm start` does (the caller makes sure it is built), instead of the sources. */
  build?: boolean;
}

/** The server ended before it was healthy: how, and everything it wrote. */
export class ServerExitedError extends Error {
  constructor(
    readonly exitCode: number | string,
    readonly output: string,
  ) {
    super(`The server exited during start (${exitCode}):\n${output}`);
  }
}

export async function startServerProcess({ env, startTimeoutMs = 60_000, wrapper = [], build = false }: ServerProcessOptions): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const [command = process.execPath, ...args] = [...wrapper, process.execPath, ...(build ? SERVER_BUILD : SERVER_SOURCE)];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_COMPILE_CACHE: COMPILE_CACHE,
      LOG_LEVEL: 'info',
      // No geocoder (OpenStreetMap's public one by default) unless the test names its stand-in.
      GEOCODER_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  // After 'exit', what the process wrote may still be on its way: 'close' comes after.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within ${startTimeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  if (done) {
    await closed;
    throw new ServerExitedError(await exited, output);
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    async kill(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}
