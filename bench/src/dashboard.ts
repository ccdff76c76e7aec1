/**
 * The city's dashboard (group `dashboard`, issue 37): each view's data as the screen asks for it
 * (the last twelve months, every animal), uncached, at SETTINGS.dashboardSize alerts on
 * PostgreSQL, and its size as sent. Each request asks for another range (the twelve months ending
 * a day earlier each time): the cache keys by the query, so none is answered from it, and each
 * does the same work as the screen's first load.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type pg from 'pg';
import { newApiToken, secretHash } from '../../apps/api/src/staff/secrets.ts';
import { percentile } from './flood.ts';
import { get } from './tiles.ts';

type Figure = (name: string, value: number, unit: string) => void;

/** The public views, and the staff's response times. */
const VIEWS = ['trend', 'areas', 'hours', 'behaviours', 'verification', 'response'] as const;
const RUNS = 7;

/**
 * What the seed leaves out, filled in as the app would have: a behaviour for most alerts, a
 * verification level, and an inbox entry at the City Guard for one alert in twenty, most
 * acknowledged and resolved within hours. Triggers are off for the seed (replica role).
 */
export async function completeSeed(pool: pg.Pool): Promise<void> {
  await pool.query(`
    SET session_replication_role = replica;
    UPDATE alerts SET
      behaviour = (ARRAY[NULL, 'calm', 'crossing-road', 'aggressive', 'injured', 'dead-on-road', 'found-dead'])[1 + floor(random() * 7)::int],
      verification = (ARRAY['unverified', 'unverified', 'unverified', 'likely', 'confirmed', 'corrected', 'rejected'])[1 + floor(random() * 7)::int];
    INSERT INTO inbox_entries (organisation_id, alert_id, status, outcome, created_at, acknowledged_at, resolved_at, status_at)
      SELECT o.id, a.id, 'resolved', 'caught-or-moved', a.created_at, a.created_at + random() * interval '2 hours', a.created_at + random() * interval '8 hours' + interval '2 hours', a.created_at
      FROM alerts a, (SELECT id FROM organisations WHERE inbox ORDER BY id LIMIT 1) o
      WHERE abs(hashtext(a.id::text)) % 20 = 0;
    SET session_replication_role = DEFAULT;`);
  // Each on its own: VACUUM runs outside a transaction block.
  await pool.query('VACUUM ANALYZE alerts');
  await pool.query('VACUUM ANALYZE inbox_entries');
}

/**
 * The daily roll-up counted again from every alert (as at a start with new areas): the seed went
 * around its triggers. Returns how long it took.
 */
export async function rebuildRollup(pool: pg.Pool): Promise<number> {
  const t = performance.now();
  await pool.query('BEGIN; SET LOCAL statement_timeout = 0; LOCK TABLE alerts IN SHARE MODE; SELECT dashboard_rollup_rebuild(); COMMIT;');
  const ms = performance.now() - t;
  for (const table of ['dashboard_hour_counts', 'dashboard_behaviour_counts', 'dashboard_verification_counts']) await pool.query(`VACUUM ANALYZE ${table}`);
  return ms;
}

/** The roll-up's rows, table by table: what a view of a year reads at most. */
export async function rollupRows(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ hours: number; behaviours: number; verification: number }>(`SELECT
    (SELECT count(*)::int FROM dashboard_hour_counts) AS hours,
    (SELECT count(*)::int FROM dashboard_behaviour_counts) AS behaviours,
    (SELECT count(*)::int FROM dashboard_verification_counts) AS verification`);
  return rows[0]!;
}

/**
 * What the roll-up costs a writer: `count` alerts inserted one statement at a time (as the API
 * does), once with the roll-up's triggers and once around them (replica role), in the same run.
 * Returns the milliseconds per insert each way. The inserted alerts are deleted again.
 */
export async function insertCost(pool: pg.Pool, count: number): Promise<{ withRollup: number; without: number }> {
  const client = await pool.connect();
  try {
    const run = async (around: boolean) => {
      if (around) await client.query('SET session_replication_role = replica');
      const t = performance.now();
      for (let i = 0; i < count; i++) {
        const lon = 19.85 + (i % 100) * 0.003;
        const lat = 49.98 + Math.floor(i / 100) % 100 * 0.0015;
        await client.query(
          `INSERT INTO alerts (id, location, public_location, animal, behaviour, comments)
           VALUES (gen_random_uuid(), ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3, 'calm', 'bench write')`,
          [lon, lat, ['boar', 'fox', 'roe-deer'][i % 3]],
        );
      }
      const ms = (performance.now() - t) / count;
      await client.query(`DELETE FROM alerts WHERE comments = 'bench write'`);
      if (around) await client.query('SET session_replication_role = DEFAULT');
      return ms;
    };
    const without = await run(true);
    const withRollup = await run(false);
    return { withRollup, without };
  } finally {
    client.release();
  }
}

/** A staff API token (responder) for the staff-only view. */
export async function staffToken(pool: pg.Pool): Promise<string> {
  const token = newApiToken();
  const { rows } = await pool.query<{ id: string }>(`INSERT INTO staff_accounts (name, role) VALUES ('Bench official', 'responder') RETURNING id`);
  await pool.query(`INSERT INTO staff_api_tokens (account_id, name, role, token_hash) VALUES ($1, 'bench', 'responder', $2)`, [rows[0]!.id, secretHash(token)]);
  return token;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function benchDashboard(origin: string, token: string, name: string, figure: Figure, notes: string[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true });
  try {
    for (const view of VIEWS) {
      const staff = view === 'response';
      const path = (k: number) => {
        const to = new Date(Date.now() - k * 86_400_000);
        const from = new Date(to.getTime() - 364 * 86_400_000);
        return `${staff ? '/staff/dashboard' : '/Dashboard'}/${view}?from=${day(from)}&to=${day(to)}`;
      };
      const headers: Record<string, string> = staff ? { authorization: `Bearer ${token}` } : {};
      const ms: number[] = [];
      let body = '';
      try {
        // One unmeasured request: the connection and the query's plan.
        await get(agent, origin, path(RUNS), headers);
        for (let k = 0; k < RUNS; k++) {
          const t = performance.now();
          body = (await get(agent, origin, path(k), headers)).body;
          ms.push(performance.now() - t);
        }
      } catch (error) {
        // Over the database's statement timeout (3 s), the view answers 503: said, and the next view measured.
        notes.push(`${name}.dashboard_${view}: FAILED, ${(error as Error).message.slice(0, 160)}`);
        console.log(`${name}.dashboard_${view}: FAILED (${(error as Error).message.slice(0, 100)})`);
        continue;
      }
      ms.sort((a, b) => a - b);
      figure(`${name}.dashboard_${view}_p50_ms`, percentile(ms, 0.5), 'ms');
      figure(`${name}.dashboard_${view}_br_kb`, zlib.brotliCompressSync(body).length / 1024, 'KB');
      figure(`${name}.dashboard_${view}_gzip_kb`, zlib.gzipSync(body).length / 1024, 'KB');
    }
    notes.push(
      `${name}.dashboard_*: each view of the last twelve months, every animal, uncached (another range each request), ${RUNS} requests one after another; sizes of the JSON as Brotli and gzip would send it.`,
    );
  } finally {
    agent.destroy();
  }
}
