/** The embedded engine's folder (DATA_DIR): one server at a time, even after SIGKILL, with real server processes. */
import { describe, expect, it } from 'vitest';
import { ServerExitedError } from '@wildalert/test-support';
import { cleanUpAfterEach, database, expectPlainMessage, health, missing, postAlerts, serverEnv, startRefused } from './data-dir.ts';
import { startServerProcess } from './server-processes.ts';

cleanUpAfterEach();

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

  // A server starting alone after SIGKILL is this with one contender fewer.
  it('lets exactly one of two servers started at once on a folder left by SIGKILL run, with every alert the killed one acknowledged; the other names the winner', async () => {
    const dir = await database();
    const first = await startServerProcess({ env: serverEnv(dir) });
    const ids = await postAlerts(first, 10);
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
