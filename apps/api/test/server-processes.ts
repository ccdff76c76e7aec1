/**
 * Server processes for tests, each killed after its test, failed or not: `startServerProcess` here rather than test-support's.
 * They run the build `npm start` runs (apps/api/dist/server.js), which the API projects' global
 * set-up makes fresh (database-setup.ts): a start then costs ~2 s less CPU than from the sources under tsx.
 */
import { afterEach } from 'vitest';
import { startServerProcess as startProcess, type ServerProcess, type ServerProcessOptions } from '@wildalert/test-support';

const running = new Set<ServerProcess>();

/** Call once per file, at its top: the servers a test started and left running are killed after it. */
export function killServersAfterEach(): void {
  afterEach(async () => {
    await Promise.all([...running].map((server) => server.kill('SIGKILL')));
  });
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const server = await startProcess({ build: true, ...options });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}
