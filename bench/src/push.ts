/**
 * Group `push`: web push on PostgreSQL. Matching a new alert against the subscriptions (the
 * API's own statement, apps/api/src/push/push-repository.ts), and delivery throughput to the
 * tests' push-service stand-in (real VAPID signing and aes128gcm encryption, over HTTPS).
 */
import https from 'node:https';
import tls from 'node:tls';
import fs from 'node:fs';
import webpush from 'web-push';
import { startPostgresCluster, startPushService } from '@wildalert/test-support';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { openPostgres } from '../../apps/api/src/db/postgres.ts';
import { PushDelivery } from '../../apps/api/src/push/push-delivery.ts';
import { pushRepository } from '../../apps/api/src/push/push-repository.ts';
import { percentile } from './flood.ts';
import { KRAKOW, POLAND, random } from './seed.ts';

interface PushBenchOptions {
  subscriptions: number;
  /** Alerts matched one by one, for the matching figure. */
  alerts: number;
  /** Subscriptions all told of one alert, for the delivery figure. */
  deliveries: number;
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

const addAlertSql = `WITH a AS (
    INSERT INTO alerts (id, location, public_location, animal)
    VALUES (gen_random_uuid(), ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 'boar')
    RETURNING id
  ) INSERT INTO alert_events (alert_id, kind) SELECT id, 'added' FROM a`;

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
  await db.query(seedSubscriptionsSql(o.subscriptions));
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

  // Delivery: every subscription within reach of one alert, each a real browser-like key pair
  // at the stand-in; from matching to the last notification answered.
  await db.query('TRUNCATE push_subscriptions CASCADE');
  const push = await startPushService();
  o.later(() => push.close());
  for (let i = 0; i < o.deliveries; i++) {
    const sub = push.subscribe();
    await db.query(
      `INSERT INTO push_subscriptions (endpoint, p256dh, auth, location, radius_m)
       VALUES ($1, $2, $3, ST_SetSRID(ST_MakePoint($4, $5), 4326)::geography, 5000)`,
      [sub.endpoint, sub.keys.p256dh, sub.keys.auth, KRAKOW.longitude, KRAKOW.latitude],
    );
  }
  const agent = new https.Agent({ keepAlive: true, ca: [...tls.rootCertificates, fs.readFileSync(push.caFile, 'utf8')] });
  o.later(async () => agent.destroy());
  const delivery = new PushDelivery(repo, { subject: 'mailto:bench@wildalert.test', ...webpush.generateVAPIDKeys() }, agent, {
    warn: (obj, msg) => console.warn(msg, obj),
    info: () => {},
  });
  // Twice: the first round opens the connections to the push service, the second is measured.
  let seconds = 0;
  for (const round of [1, 2]) {
    await db.query('UPDATE push_subscriptions SET last_notified_at = NULL');
    await db.query(addAlertSql, [KRAKOW.longitude, KRAKOW.latitude]);
    const t = performance.now();
    await delivery.flush();
    seconds = (performance.now() - t) / 1000;
    if (push.received.length !== o.deliveries * round || push.refused.length > 0) {
      throw new Error(`push delivery: ${push.received.length} of ${o.deliveries * round} delivered, ${push.refused.length} refused`);
    }
  }
  o.figure('push_delivery_per_s', o.deliveries / seconds, 'notifications/s');
}
