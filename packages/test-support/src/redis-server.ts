/**
 * A throwaway Redis server (the distribution's `redis-server`): a free port on 127.0.0.1, a
 * temporary folder, nothing saved to disk, stopped and removed at the end. It can be frozen
 * (a server that accepts connections and answers nothing) and stopped, as an outage would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
const READY = /Ready to accept connections/;

export interface RedisServer {
  /** redis://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  /** Stops every answer (SIGSTOP): connections stay open, commands wait, as on a stuck host. */
  freeze(): void;
  /** Lets a frozen server answer again (SIGCONT). */
  thaw(): void;
  /** Stops the server (thawing it first) and deletes its folder; harmless to repeat. */
  stop(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  if (!fs.existsSync(REDIS_SERVER)) {
    throw new Error(`Redis is not installed (no ${REDIS_SERVER}). Install it: apt-get install -y redis-server`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-redis-'));
  const port = await freePort();
  // No snapshots and no append-only file: a throwaway server keeps nothing on disk.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--logfile', ''];
  const child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('redis-server was not ready within 10 s')), 10_000);
      const read = (chunk: Buffer) => {
        log += chunk.toString();
        if (READY.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`Redis did not start: ${(error as Error).message}\n${log}`);
  }
  // Its later lines are not needed; keep the pipes drained.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        await exited(child);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
