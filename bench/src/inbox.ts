/**
 * Group `inbox`: how soon a new alert reaches the matching responder's open inbox (issue 33:
 * within 1 s at p99, with two instances, at 1,000,000 alerts on PostgreSQL). Two server
 * processes on one database; the responder's inbox stream is open on one, alerts are posted to
 * the other, and each is timed from the POST to its `entry` event on the stream.
 */
import { openStream, startPostgresCluster, startServerProcess } from '@wildalert/test-support';
import { openPostgres } from '../../apps/api/src/db/postgres.ts';
import { newApiToken, secretHash } from '../../apps/api/src/staff/secrets.ts';
import { percentile } from './flood.ts';
import { seedAlertsSql } from './seed-sql.ts';

interface InboxBenchOptions {
  /** Alerts in the database before the measured ones. */
  seeded: number;
  /** Alerts posted and timed. */
  alerts: number;
  clusterSettings: Record<string, string | number>;
  /** Environment that takes the abuse limits out of the way (the bench is one address). */
  unlimited: Record<string, string>;
  figure(name: string, value: number, unit: string): void;
  later(fn: () => Promise<unknown>): void;
}

/** Nowa Huta, inside the City Guard's area of the bundled organisations. */
const NOWA_HUTA = { latitude: 50.0716, longitude: 20.0373 };

export async function benchInbox(o: InboxBenchOptions): Promise<void> {
  const cluster = await startPostgresCluster({ settings: o.clusterSettings });
  o.later(() => cluster.stop());
  await cluster.psql('CREATE DATABASE wildalert');
  const url = cluster.urlFor('wildalert');
  const env = { DATABASE_URL: url, LOG_LEVEL: 'warn', ...o.unlimited };
  // The first instance migrates and seeds the organisations; the second joins it.
  const poster = await startServerProcess({ build: true, env });
  o.later(() => poster.kill('SIGTERM'));
  const reader = await startServerProcess({ build: true, env });
  o.later(() => reader.kill('SIGTERM'));
  const t = Date.now();
  // Without the API's statement timeout: the seed is one long statement.
  await cluster.psql(seedAlertsSql(o.seeded), 'wildalert');
  await cluster.psql('VACUUM ANALYZE', 'wildalert');
  console.log(`seeded ${o.seeded} alerts in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const db = await openPostgres({ connectionString: url });
  o.later(() => db.close());
  const [guard] = await db.query<{ id: string }>(`SELECT id FROM organisations WHERE name->>'pl' LIKE 'Straż Miejska%'`);
  if (!guard) throw new Error('inbox: the bundled City Guard organisation is missing');
  const [account] = await db.query<{ id: string }>(`INSERT INTO staff_accounts (name, role) VALUES ('Bench responder', 'responder') RETURNING id`);
  await db.query('INSERT INTO organisation_members (organisation_id, account_id) VALUES ($1, $2)', [guard.id, account!.id]);
  const token = newApiToken();
  await db.query(`INSERT INTO staff_api_tokens (account_id, name, role, token_hash) VALUES ($1, 'bench', 'responder', $2)`, [account!.id, secretHash(token)]);

  const stream = await openStream(`${reader.url}/staff/organisations/${guard.id}/inbox/stream`, undefined, { authorization: `Bearer ${token}` });
  o.later(async () => stream.close());
  if (stream.status !== 200) throw new Error(`inbox stream answered ${stream.status}`);

  const times: number[] = [];
  for (let i = 0; i < o.alerts + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${poster.url}/Alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...NOWA_HUTA, animal: 'boar', behaviour: 'aggressive', comments: `Inbox ${i}` }),
    });
    if (res.status !== 201) throw new Error(`POST /Alerts answered ${res.status}`);
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    for (;;) {
      const event = await stream.next('entry', 10_000).catch((error: unknown) => {
        const entries = db.query('SELECT organisation_id FROM inbox_entries WHERE alert_id = $1', [id]);
        return entries.then((rows) => {
          throw new Error(`alert ${i} (${id}, routed to ${JSON.stringify(rows)}) never reached the inbox stream; the reading instance wrote:\n${reader.output().slice(-3000)}`, { cause: error });
        });
      });
      if ((JSON.parse(event.data) as { alertId: string }).alertId === id) break;
    }
    // The first five warm the connections and caches.
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  o.figure('inbox_two_instances_p50_ms', percentile(times, 0.5), 'ms');
  o.figure('inbox_two_instances_p99_ms', percentile(times, 0.99), 'ms');
  o.figure('inbox_two_instances_max_ms', times.at(-1)!, 'ms');
}
