/** The live stream survives PostgreSQL restarting: the instance listens again and misses nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, startPostgresCluster, type PostgresCluster } from '@wildalert/test-support';
import { migrate } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('live stream across a PostgreSQL restart', () => {
  let cluster: PostgresCluster;
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    // A cluster of its own: this test stops it.
    cluster = await startPostgresCluster();
    const db = await openPostgres({ connectionString: cluster.url });
    await migrate(db);
    await db.close();
    t = await createTestApp({}, {}, { env: { DATABASE_URL: cluster.url }, drop: async () => {} });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  it('delivers alerts committed by another instance after PostgreSQL came back', async () => {
    const s = await openStream(`${origin}/Alerts/stream?Latitude=50.05&Longitude=19.94&Radius=10`);
    await s.next('ready');
    await cluster.pause('fast');
    await cluster.resume();
    // Committed as another instance would, possibly while this one is still reconnecting
    // its LISTEN (then it finds the event when it catches up after reconnecting).
    await cluster.psql(`
      INSERT INTO alerts (id, location, public_location, animal)
      VALUES ('11111111-1111-4111-8111-111111111111',
              ST_MakePoint(19.95, 50.05)::geography, ST_MakePoint(19.95, 50.05)::geography, 'fox');
      WITH e AS (
        INSERT INTO alert_events (alert_id, kind) VALUES ('11111111-1111-4111-8111-111111111111', 'added') RETURNING id
      ) SELECT pg_notify('alert_events', id::text) FROM e;`);
    const event = await s.next('alert', 15_000);
    expect(JSON.parse(event.data).id).toBe('11111111-1111-4111-8111-111111111111');
    s.close();
  });
});
