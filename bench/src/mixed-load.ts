/**
 * Mixed load against a running WildAlert server: for 60 s, 90% of requests search around
 * Kraków as the map does (Radius 15 km) and 10% report a new alert. Every request comes
 * from its own client address (X-Forwarded-For, which the server it starts trusts from
 * 127.0.0.1), so the server's default abuse limits stay on and no client reaches them.
 * Prints requests/s, latency percentiles and errors, checks that every acknowledged
 * alert was stored, and exits 1 when any request failed.
 *
 *   npm run load -w bench                        # embedded database, server started here
 *   npm run load -w bench -- --engine postgres   # a throwaway PostgreSQL cluster
 *   npm run load -w bench -- --url http://host:8080   # a server you run (raise its limits
 *                                                      # or set TRUST_PROXY for this host)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPostgresCluster, startServerProcess, type PostgresCluster, type ServerProcess } from '@wildalert/test-support';
import { autocannon, type AutocannonRequest } from './autocannon.ts';
import { KRAKOW, random, seedAlerts } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    engine: { type: 'string', default: 'pglite' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '16' },
    seed: { type: 'string', default: '10000' },
  },
});

const ANIMALS = ['boar', 'fox', 'roe-deer', 'hare', 'marten', 'badger', 'other'];
const rnd = random(42);
const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)]!;
/** A random address in 10.0.0.0/8: a distinct client per request. */
const clientAddress = () => `10.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}.${1 + Math.floor(rnd() * 254)}`;
/** A point within about 10 km of Kraków's centre, where the map looks. */
function nearKrakow() {
  return {
    latitude: KRAKOW.latitude + (rnd() - 0.5) * 0.18,
    longitude: KRAKOW.longitude + (rnd() - 0.5) * 0.28,
  };
}

async function main() {
  const stopAll: Array<() => Promise<unknown>> = [];
  try {
    const origin = args.url ?? (await startServer(stopAll));
    const seeded = args.url ? 0 : await seed(origin, Number(args.seed));
    const before = await visibleAlerts(origin);

    const byType = { search: new Map<number, number>(), report: new Map<number, number>() };
    const count = (map: Map<number, number>) => (status: number) => map.set(status, (map.get(status) ?? 0) + 1);
    const search: AutocannonRequest = {
      method: 'GET',
      setupRequest: (request) => {
        const p = nearKrakow();
        return {
          ...request,
          path: `/Alerts?Latitude=${p.latitude.toFixed(6)}&Longitude=${p.longitude.toFixed(6)}&Radius=15`,
          headers: { 'x-forwarded-for': clientAddress() },
        };
      },
      onResponse: count(byType.search),
    };
    const report = {
      method: 'POST',
      setupRequest: (request: AutocannonRequest) => ({
        ...request,
        path: '/Alerts',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ ...nearKrakow(), animal: pick(ANIMALS), comments: 'Obciążenie testowe' }),
      }),
      onResponse: count(byType.report),
    };

    const duration = Number(args.duration);
    const connections = Number(args.connections);
    console.log(`Mixed load on ${origin}: ${connections} connections for ${duration} s, 9 searches : 1 report...`);
    const result = await autocannon({
      url: origin,
      connections,
      duration,
      requests: [...Array.from({ length: 9 }, () => search), report],
    });
    const after = await visibleAlerts(origin);

    const created = byType.report.get(201) ?? 0;
    const failed = result.errors + result.timeouts + result.non2xx;
    const statuses = (map: Map<number, number>) => [...map].map(([s, n]) => `${s}×${n}`).join(', ') || '-';
    console.log(`
Engine:            ${args.url ? 'external server' : args.engine}${seeded ? `, ${seeded} alerts seeded` : ''}
Requests:          ${result.requests.total} in ${result.duration.toFixed(1)} s, ${result.requests.average.toFixed(0)} req/s (mean of 1-s samples)
  searches:        ${statuses(byType.search)}
  new alerts:      ${statuses(byType.report)}
Latency (ms):      p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, p99.9 ${result.latency.p99_9}, max ${result.latency.max}
Errors:            ${failed} (socket errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})
Alerts stored:     ${after - before} new, ${created} acknowledged`);

    if (failed > 0) throw new Error(`${failed} requests failed`);
    // A report still in flight when the run stops may be stored without its answer being read.
    if (after - before < created || after - before > created + connections) {
      throw new Error(`${created} alerts were acknowledged but ${after - before} stored`);
    }
  } finally {
    for (const stop of stopAll.reverse()) await stop();
  }
}

async function startServer(stopAll: Array<() => Promise<unknown>>): Promise<string> {
  const env: Record<string, string> = { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' };
  if (args.engine === 'postgres') {
    const cluster: PostgresCluster = await startPostgresCluster();
    stopAll.push(() => cluster.stop());
    await cluster.psql('CREATE DATABASE wildalert');
    env.DATABASE_URL = cluster.urlFor('wildalert');
  } else if (args.engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-load-'));
    stopAll.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    env.DATA_DIR = dir;
  } else {
    throw new Error(`--engine must be pglite or postgres, not ${args.engine}`);
  }
  const server: ServerProcess = await startServerProcess({ env });
  stopAll.push(() => server.kill('SIGTERM'));
  return server.url;
}

/** Seeds alerts through the API, each from its own address, eight at a time. */
async function seed(origin: string, count: number): Promise<number> {
  const alerts = seedAlerts(count, { nearShare: 0.1 });
  const worker = async () => {
    for (let next = alerts.next(); !next.done; next = alerts.next()) {
      const { latitude, longitude, animal, comments } = next.value;
      const res = await fetch(`${origin}/Alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ latitude, longitude, animal, comments }),
      });
      if (res.status !== 201) throw new Error(`seeding: POST /Alerts answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return count;
}

async function visibleAlerts(origin: string): Promise<number> {
  const res = await fetch(`${origin}/health`);
  return ((await res.json()) as { alerts: number }).alerts;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
