/**
 * Group `push`: web push on PostgreSQL. Matching a new alert against the subscriptions (the
 * API's own statement, apps/api/src/repositories/push-repository.ts), and the fan-out of one alert to
 * many subscriptions through the real server to the tests' push-service stand-in (real VAPID
 * signing and aes128gcm encryption, over HTTPS), with another visitor searching meanwhile.
 */
import fs from 'node:fs';
import { startPostgresCluster, startPushService, startServerProcess } from '@wildalert/test-support';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { openPostgres } from '../../apps/api/src/db/postgres.ts';
import { pushRepository } from '../../apps/api/src/repositories/push-repository.ts';
import type { Database } from '../../apps/api/src/db/database.ts';
import { newApiToken, secretHash } from '../../apps/api/src/staff/secrets.ts';
import { percentile, visit, type VisitResult } from './flood.ts';
import { seedAlertsSql } from './seed-sql.ts';
import { KRAKOW, POLAND, random } from './seed.ts';

interface PushBenchOptions {
  subscriptions: number;
  /** Alerts matched one by one, for the matching figure. */
  alerts: number;
  clusterSettings: Record<string, string | number>;
  figure(name: string, value: number, unit: string): void;
  later(fn: () => Promise<unknown>): void;
}

/** Subscriptions as generate_series makes them: over Poland, a fifth within ~30 km of Kraków, radii 0.5–10 km. */
const seedSubscriptionsSql = (n: number) => `
  INSERT INTO push_subscriptions (endpoint, p256dh, auth, location, radius_m, animals)
  SELECT 'https://push.example/' || i, 'p', 'a',
    CASE WHEN i % 5 = 0
      THEN ST_SetSRID(ST_MakePoint(${KRAKOW.longitude} + (random() - 0.5) * 0.8, ${KRAKOW.latitude} + (random() - 0.5) * 0.5), 4326)::geography
      ELSE ST_SetSRID(ST_MakePoint(${POLAND.west} + random() * ${POLAND.east - POLAND.west}, ${POLAND.south} + random() * ${POLAND.north - POLAND.south}), 4326)::geography
    END,
    500 + (random() * 9500)::int,
    CASE WHEN i % 3 = 0 THEN ARRAY['boar'] END
  FROM generate_series(1, ${n}) i`;

/** A new alert as POST /Alerts adds it: its event released to every-report subscriptions (events-repository.ts). */
const addAlertSql = `WITH a AS (
    INSERT INTO alerts (id, location, public_location, animal)
    VALUES (gen_random_uuid(), ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 'boar')
    RETURNING id
  ) INSERT INTO alert_events (alert_id, kind, audiences) SELECT id, 'added', '{every}' FROM a`;

/** The index condition and exact test of matching (push-repository.ts), as a count. */
const MATCH_ONLY_SQL = `WITH p AS (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS g)
  SELECT count(*) FROM push_subscriptions s, p
  WHERE s.location && _ST_Expand(p.g, 10000) AND _ST_DWithin(s.location, p.g, s.radius_m, false)
    AND NOT s.paused AND (s.animals IS NULL OR 'boar' = ANY (s.animals))`;

export async function benchPush(o: PushBenchOptions): Promise<void> {
  const cluster = await startPostgresCluster({ settings: o.clusterSettings });
  o.later(() => cluster.stop());
  await cluster.psql('CREATE DATABASE wildalert');
  const db = await openPostgres({ connectionString: cluster.urlFor('wildalert') });
  o.later(() => db.close());
  await migrate(db);
  // Without the API's statement timeout: the seed is one long statement.
  await cluster.psql(seedSubscriptionsSql(o.subscriptions), 'wildalert');
  await db.query('VACUUM ANALYZE push_subscriptions');
  const repo = pushRepository(db);

  // Matching: one new alert at a time near Kraków (where a fifth of the subscriptions are),
  // the statement that reads its event and queues a job per matching subscription.
  const rnd = random(17);
  const times: number[] = [];
  let matched = 0;
  for (let i = 0; i < o.alerts + 5; i++) {
    await db.query(addAlertSql, [KRAKOW.longitude + (rnd() - 0.5) * 0.3, KRAKOW.latitude + (rnd() - 0.5) * 0.2]);
    const before = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM push_pending'))[0]!.n);
    const t = performance.now();
    await repo.matchNewEvents(10);
    const ms = performance.now() - t;
    const after = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM push_pending'))[0]!.n);
    if (i >= 5) {
      times.push(ms); // the first five warm the caches
      matched += after - before;
    }
  }
  // An event released to no one matches nothing: the figure would time an empty statement.
  if (matched === 0) throw new Error('push matching: no subscription matched any alert');
  const size = o.subscriptions >= 1000 ? `${o.subscriptions / 1000}k` : String(o.subscriptions);
  times.sort((a, b) => a - b);
  o.figure(`push_match_${size}_p50_ms`, percentile(times, 0.5), 'ms');
  o.figure(`push_match_${size}_p99_ms`, percentile(times, 0.99), 'ms');
  o.figure(`push_match_${size}_matched`, matched / o.alerts, 'subscriptions per alert');

  // The search alone (no queue rows written): the subscriptions whose circle holds a point.
  const selects: number[] = [];
  for (let i = 0; i < o.alerts + 5; i++) {
    const point = [KRAKOW.longitude + (rnd() - 0.5) * 0.3, KRAKOW.latitude + (rnd() - 0.5) * 0.2];
    const t = performance.now();
    await db.query(MATCH_ONLY_SQL, point);
    if (i >= 5) selects.push(performance.now() - t);
  }
  selects.sort((a, b) => a - b);
  o.figure(`push_search_${size}_p50_ms`, percentile(selects, 0.5), 'ms');
}

export interface FanOutOptions {
  /** Subscriptions all told of one alert. */
  subscriptions: number;
  /** Alerts seeded for the other visitor's searches to read. */
  alerts: number;
  clusterSettings: Record<string, string | number>;
  /** Environment that takes the abuse limits out of the way (the bench is one address). */
  unlimited: Record<string, string>;
  /** What is sent to every subscription: a new alert, or an organisation's notice for the area (issue 33). */
  via: 'alert' | 'notice';
  figure(name: string, value: number, unit: string): void;
  later(fn: () => Promise<unknown>): void;
}

/** A staff admin's API token, made in the database (as an admin would in the staff screens). */
async function adminToken(db: Database): Promise<string> {
  const [account] = await db.query<{ id: string }>(`INSERT INTO staff_accounts (name, role) VALUES ('Bench admin', 'admin') RETURNING id`);
  const token = newApiToken();
  await db.query(`INSERT INTO staff_api_tokens (account_id, name, role, token_hash) VALUES ($1, 'bench', 'admin', $2)`, [account!.id, secretHash(token)]);
  return token;
}

/** Sends what the fan-out carries to every subscription around Kraków: a new alert, or a notice. */
async function sendToAll(origin: string, db: Database, via: FanOutOptions['via'], round: number): Promise<void> {
  if (via === 'alert') {
    const res = await fetch(`${origin}/Alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...KRAKOW, animal: 'boar', comments: `Fan-out ${round}` }),
    });
    if (res.status !== 201) throw new Error(`POST /Alerts answered ${res.status}`);
    return;
  }
  const token = await adminToken(db);
  const [organisation] = await db.query<{ id: string }>('SELECT id FROM organisations ORDER BY created_at LIMIT 1');
  const res = await fetch(`${origin}/staff/organisations/${organisation!.id}/notices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      text: { pl: `Odłów dzików ${round} — omijaj teren` },
      area: { ...KRAKOW, radiusKm: 2 },
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  });
  if (res.status !== 201) throw new Error(`POST notices answered ${res.status}: ${await res.text()}`);
}

/** CPU seconds the processes used so far, every thread counted (Linux: /proc/<pid>/stat, 100 ticks a second). */
function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended (a backend): what it used is lost from both readings alike.
    }
  }
  return ticks / 100;
}

/**
 * The fan-out of one alert (or one notice) to every subscription around it, through the real server (its build,
 * on PostgreSQL, sender threads and all) to the push-service stand-in in this process (each JWT
 * checked, one payload in 50 decrypted: its cryptography is the push service's, not ours), from
 * POST /Alerts (or the notice's POST) to the last notification received. Meanwhile another
 * visitor searches the map, one search at a time, as it did before on an idle server (a notice:
 * measured alone, then again with the visitor).
 */
export async function benchPushFanOut(o: FanOutOptions): Promise<void> {
  const cluster = await startPostgresCluster({ settings: o.clusterSettings });
  o.later(() => cluster.stop());
  await cluster.psql('CREATE DATABASE wildalert');
  const url = cluster.urlFor('wildalert');
  const push = await startPushService({ verify: 'sample' });
  o.later(() => push.close());
  const server = await startServerProcess({
    build: true,
    env: { DATABASE_URL: url, LOG_LEVEL: 'warn', PUSH_SERVICES: push.host, PUSH_CA_FILE: push.caFile, ...o.unlimited },
  });
  o.later(() => server.kill('SIGTERM'));
  const db = await openPostgres({ connectionString: url });
  o.later(() => db.close());
  // Without the API's statement timeout: the seed is one long statement.
  await cluster.psql(seedAlertsSql(o.alerts), 'wildalert');
  for (let i = 0; i < o.subscriptions; i += 1000) {
    const subs = Array.from({ length: Math.min(1000, o.subscriptions - i) }, () => push.subscribe());
    await db.query(
      `INSERT INTO push_subscriptions (endpoint, p256dh, auth, location, radius_m)
       SELECT e, p, a, ST_SetSRID(ST_MakePoint($4, $5), 4326)::geography, 5000 FROM unnest($1::text[], $2::text[], $3::text[]) AS s (e, p, a)`,
      [subs.map((s) => s.endpoint), subs.map((s) => s.keys.p256dh), subs.map((s) => s.keys.auth), KRAKOW.longitude, KRAKOW.latitude],
    );
  }
  await db.query('VACUUM ANALYZE');
  const size = `${o.subscriptions / 1000}k`;
  // The visitor's searches on an idle server, to compare with those during an alert's fan-out.
  const idle = o.via === 'alert' ? await visit(server.url, '127.0.0.2', 10, 100, 3) : undefined;

  // The first round opens the connections to the push service. An alert's fan-out is measured
  // in the second, with the other visitor searching. A notice is measured alone in the second
  // (the budget of issue 33 says nothing of other traffic), and again in a third with the visitor:
  // its searches cost PostgreSQL more CPU than the notice itself does.
  const rounds = o.via === 'alert' ? [1, 2] : [1, 2, 3];
  const withVisitor = rounds.at(-1)!;
  const measured = new Map<number, { seconds: number; cpu: { server: number; postgres: number } }>();
  let during: VisitResult = { latencies: [], failed: 0 };
  for (const round of rounds) {
    await db.query('UPDATE push_subscriptions SET last_notified_at = NULL');
    const all = push.waitFor(o.subscriptions * round);
    const visiting = round === withVisitor ? visit(server.url, '127.0.0.2', 10, 100, 4) : undefined;
    const postgres = await cluster.processes();
    const cpuBefore = { server: cpuSeconds([server.child.pid!]), postgres: cpuSeconds(postgres) };
    const t = performance.now();
    await sendToAll(server.url, db, o.via, round);
    await all;
    const seconds = (performance.now() - t) / 1000;
    measured.set(round, { seconds, cpu: { server: cpuSeconds([server.child.pid!]) - cpuBefore.server, postgres: cpuSeconds(postgres) - cpuBefore.postgres } });
    if (visiting) during = await visiting;
    // The server records the last answers after the stand-in has them: the next round starts on an empty queue.
    while (Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM push_jobs'))[0]!.n) > 0) await new Promise((r) => setTimeout(r, 50));
    if (push.refused.length > 0) throw new Error(`push fan-out: ${push.refused.length} refused, e.g. ${push.refused[0]}`);
  }
  const decrypted = push.received.filter((r) => r.payload !== undefined).length;
  if (decrypted === 0) throw new Error('push fan-out: no payload decrypted');
  const name = o.via === 'alert' ? 'push_fanout' : 'push_notice';
  const { seconds, cpu } = measured.get(2)!;
  o.figure(`${name}_${size}_s`, seconds, 's');
  o.figure(`${name}_${size}_per_s`, o.subscriptions / seconds, 'notifications/s');
  // What a notification costs the instance (every thread) and the database, whatever else the host runs:
  // an instance with its own cores sends about (cores / server CPU) notifications a second.
  o.figure(`${name}_server_cpu_ms`, (cpu.server * 1000) / o.subscriptions, 'ms CPU per notification');
  o.figure(`${name}_postgres_cpu_ms`, (cpu.postgres * 1000) / o.subscriptions, 'ms CPU per notification');
  if (o.via === 'notice') {
    const busy = measured.get(withVisitor)!;
    o.figure(`${name}_${size}_with_visitor_s`, busy.seconds, 's');
    o.figure(`${name}_with_visitor_postgres_cpu_ms`, (busy.cpu.postgres * 1000) / o.subscriptions, 'ms CPU per notification');
    return;
  }
  const idleP50 = percentile(idle!.latencies, 0.5);
  const duringP50 = percentile(during.latencies, 0.5);
  o.figure('push_fanout_search_p50_idle_ms', idleP50, 'ms');
  o.figure('push_fanout_search_p50_during_ms', duringP50, 'ms');
  o.figure('push_fanout_search_p50_ratio', duringP50 / idleP50, '×');
  o.figure('push_fanout_search_p99_during_ms', percentile(during.latencies, 0.99), 'ms');
}
