/**
 * The two clients of `npm run bench -- --only=flood`, each from its own loopback address:
 * a flood (many exports of 100 km at once, back to back) and a visitor searching as the
 * map does, a few times a second, who measures its own latency.
 *
 * The flood runs in a child process (this file, run as a script), so that its loop never
 * delays the visitor's measurements in the parent.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { KRAKOW, POLAND, random } from './seed.ts';

export interface FloodOptions {
  /** The server's origin, `http://127.0.0.1:port`. */
  origin: string;
  /** The flood's client address (a loopback address: 127.0.0.1, 127.0.0.2, …). */
  localAddress: string;
  /** Requests in flight at once. */
  connections: number;
}

export interface FloodResult {
  /** Answers by status code. */
  statuses: Record<string, number>;
  seconds: number;
}

interface Answer {
  status: number;
  ms: number;
}

function get(agent: http.Agent, url: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The flood's request: every alert (up to 5000) within 100 km of a random point in Poland, as GeoJSON. */
function floodPath(rnd: () => number): string {
  const latitude = POLAND.south + rnd() * (POLAND.north - POLAND.south);
  const longitude = POLAND.west + rnd() * (POLAND.east - POLAND.west);
  return `/Alerts.geojson?Latitude=${latitude.toFixed(6)}&Longitude=${longitude.toFixed(6)}&Radius=100&limit=5000`;
}

/** Runs the flood in a child process until `stop()`, which answers what it got. */
export async function startFlood(options: FloodOptions): Promise<{ stop(): Promise<FloodResult> }> {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const failed = exited.then((code) => Promise.reject(new Error(`the flood exited with ${code} before reporting`)));
  failed.catch(() => {});
  const report = (key: string) =>
    new Promise<unknown>((resolve) => child.on('message', (m) => typeof m === 'object' && m !== null && key in m && resolve(m)));
  const result = Promise.race([report('statuses') as Promise<FloodResult>, failed]);
  // Its first answer says the flood is under way.
  await Promise.race([report('started'), failed]);
  return {
    async stop() {
      child.send('stop');
      const r = await result;
      await exited;
      return r;
    },
  };
}

async function floodInChild(options: FloodOptions): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, localAddress: options.localAddress });
  const rnd = random(99);
  const statuses: Record<string, number> = {};
  let stopping = false;
  let started = false;
  process.on('message', () => (stopping = true));
  const begun = performance.now();
  const loop = async () => {
    while (!stopping) {
      const { status } = await get(agent, `${options.origin}${floodPath(rnd)}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (!started) {
        started = true;
        process.send!({ started: true });
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  agent.destroy();
  process.send!({ statuses, seconds: (performance.now() - begun) / 1000 } satisfies FloodResult);
  process.disconnect();
}

export interface VisitResult {
  /** Latency of each search answered 200, in ms, sorted. */
  latencies: number[];
  /** Searches answered otherwise (a refusal, say). */
  failed: number;
}

/**
 * A visitor from `localAddress`: the map's search (15 km, the default limit) around another
 * point within ~10 km of Kraków every `everyMs`, one at a time, for `seconds`.
 */
export async function visit(origin: string, localAddress: string, seconds: number, everyMs: number, seed: number): Promise<VisitResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  const rnd = random(seed);
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const next = performance.now() + everyMs;
    const latitude = KRAKOW.latitude + (rnd() - 0.5) * 0.18;
    const longitude = KRAKOW.longitude + (rnd() - 0.5) * 0.28;
    const { status, ms } = await get(agent, `${origin}/Alerts?Latitude=${latitude.toFixed(6)}&Longitude=${longitude.toFixed(6)}&Radius=15`);
    if (status === 200) latencies.push(ms);
    else failed++;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await floodInChild(JSON.parse(process.argv[2]!) as FloodOptions);
}
