/**
 * Seeds alerts inside the database with one `INSERT … SELECT generate_series`: the same
 * distribution as seed.ts (Poland's bounding box, a share within `nearKm` of Kraków), from a
 * deterministic hash of the row number instead of a generator, so a million rows take
 * seconds rather than minutes of round trips. The same rows on every run and both engines.
 */
import { KRAKOW, POLAND } from './seed.ts';

const ANIMALS = ['boar', 'fox', 'roe-deer', 'hare', 'marten', 'badger', 'beaver', 'hedgehog', 'red-deer', 'other'];

/** A uniform number in [0, 1), a pure function of the row number `i` and the stream `k`. */
const u = (k: number) => `((hashint8extended(i, ${k}) & 2147483647)::float8 / 2147483648)`;

export interface SeedSqlOptions {
  /** Share of alerts within `nearKm` of Kraków. */
  nearShare?: number;
  nearKm?: number;
  /** Row numbers start after this, so several batches add distinct alerts. */
  offset?: number;
}

/**
 * One statement inserting `count` alerts (rows `offset + 1 … offset + count`), around the
 * dashboard roll-up's triggers (replica role, which a superuser may take): a million rows are
 * counted at once afterwards (dashboard.ts `rebuildRollup`) rather than one by one.
 */
export function seedAlertsSql(count: number, { nearShare = 0.05, nearKm = 30, offset = 0 }: SeedSqlOptions = {}): string {
  const kmPerDegLat = 111.32;
  const kmPerDegLon = 111.32 * Math.cos((KRAKOW.latitude * Math.PI) / 180);
  const animals = `(ARRAY[${ANIMALS.map((a) => `'${a}'`).join(', ')}])[1 + floor(${u(5)} * ${ANIMALS.length})::int]`;
  return `
    SET session_replication_role = replica;
    INSERT INTO alerts (id, location, public_location, animal, comments, created_at)
    SELECT md5('wildalert-bench-' || i)::uuid, p, p, ${animals}, 'Seeded alert ' || i,
           date_trunc('milliseconds', now() - make_interval(secs => floor(${u(6)} * 365 * 86400)))
    FROM (
      SELECT i, ST_SetSRID(ST_MakePoint(
               CASE WHEN ${u(1)} < ${nearShare}
                 THEN ${KRAKOW.longitude} + ${nearKm} * sqrt(${u(2)}) * sin(2 * pi() * ${u(3)}) / ${kmPerDegLon}
                 ELSE ${POLAND.west} + ${u(4)} * ${POLAND.east - POLAND.west} END,
               CASE WHEN ${u(1)} < ${nearShare}
                 THEN ${KRAKOW.latitude} + ${nearKm} * sqrt(${u(2)}) * cos(2 * pi() * ${u(3)}) / ${kmPerDegLat}
                 ELSE ${POLAND.south} + ${u(7)} * ${POLAND.north - POLAND.south} END),
             4326)::geography AS p
      FROM generate_series(${offset + 1}::bigint, ${offset + count}::bigint) AS i
    ) s;
    SET session_replication_role = DEFAULT;`;
}
