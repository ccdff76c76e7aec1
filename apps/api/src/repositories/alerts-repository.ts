/** The SQL for alerts. PostgreSQL builds the JSON, so Node passes text through instead of decoding rows. */
import { createHash, randomUUID } from 'node:crypto';
import { animalByKey, type Alert, type AlertsQuery, type CreateAlertBody } from '@wildalert/shared';
import type { Database, Queryable } from '../db/database.ts';
import { publicLocation } from './public-location.ts';
import { ALERT_JSON, OFFICIAL_STATUS_JSON, alertFields, jsonObject, utc } from './alert-json.ts';
import { corroborate, levelsOf } from './verification-repository.ts';
import { recordAlertEvent } from './events-repository.ts';

const POINT = (lon: string, lat: string) =>
  `ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)::geography`;

/**
 * Newest first; `seq` orders alerts created in the same millisecond. Written as the distance
 * from far-future values (the same order as `created_at DESC, seq DESC`) so that the GiST
 * index of migration 004 returns the alerts in this order and the search stops after N.
 */
const NEWEST_FIRST = `a.created_at <-> '9999-12-31 00:00:00+00'::timestamptz, a.seq <-> 9223372036854775807::bigint`;

/**
 * Within `radius` km of a point, on the sphere: what ST_DWithin(…, false) means, spelled
 * as its index condition and its exact test. PostGIS's estimate for ST_DWithin counts the
 * index condition's selectivity twice (~100 rows expected of ~14,000 at 1,000,000 alerts),
 * which makes the planner read and sort the whole circle instead of walking the index.
 */
const WITHIN = (column: string, point: string, metres: string) =>
  `${column} && _ST_Expand(${point}, ${metres}) AND _ST_DWithin(${column}, ${point}, ${metres}, false)`;

/**
 * The search, shared by every format: alerts within `radius` km (great circle, on a sphere)
 * of a point, at their public location, never hidden ones, filtered by animal and time,
 * newest first and numbered `n`; `select` folds them into one text. With `oneMore`, a row
 * beyond the limit is read so that `select` can tell the answer was truncated. `join` adds to
 * each alert what `select` reads several times (computed once per row).
 */
const searchSql = (select: string, oneMore: boolean, join = '') => `SELECT ${select} AS body
     FROM (
       SELECT a.*, row_number() OVER (ORDER BY ${NEWEST_FIRST}) AS n
       FROM alerts a
       WHERE ${WITHIN('a.public_location', POINT('$1', '$2'), '$3::float8 * 1000')}
         AND NOT a.hidden
         AND ($4::text[] IS NULL OR a.animal = ANY ($4::text[]))
         AND ($5::timestamptz IS NULL OR a.created_at >= $5::timestamptz)
         AND ($7::text[] IS NULL OR a.verification = ANY ($7::text[]))
       ORDER BY ${NEWEST_FIRST}
       LIMIT $6 + ${oneMore ? 1 : 0}
     ) a ${join}`;

/**
 * The map's search: the whole answer body, `{"data": [...], "truncated": bool}`, as JSON
 * text. Exported for the benchmark, which times this statement alone.
 */
export const SEARCH_SQL = searchSql(
  `json_build_object(
     'data', coalesce(json_agg(${ALERT_JSON} ORDER BY a.n) FILTER (WHERE a.n <= $6), '[]'::json),
     'truncated', count(*) > $6
   )::text`,
  true,
);

/**
 * One alert as a GeoJSON Feature (RFC 7946: longitude first) at its public point, from a row `a`
 * of `alerts`: every GeoJSON the API sends (GET /Alerts.geojson, the OGC API's items).
 */
export const GEOJSON_FEATURE = (() => {
  const { latitude, longitude, ...properties } = alertFields('public');
  return jsonObject({
    type: `'Feature'`,
    id: properties.id,
    geometry: jsonObject({ type: `'Point'`, coordinates: `json_build_array(${longitude}, ${latitude})` }),
    properties: jsonObject(properties),
  });
})();

/** The same alerts as a GeoJSON FeatureCollection. */
const GEOJSON_SQL = searchSql(
  `json_build_object(
     'type', 'FeatureCollection',
     'features', coalesce(json_agg(${GEOJSON_FEATURE} ORDER BY a.n), '[]'::json)
   )::text`,
  false,
);

/**
 * The same alerts as CSV (RFC 4180: a header row of the Alert's field names, CRLF line ends,
 * comments quoted with quotes doubled, photos as their addresses separated by spaces, the official
 * status flattened into columns of its own). A comment or note a spreadsheet would take for a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets a leading single quote.
 */
const CSV_SQL = (() => {
  // The verification level comes last, flattened (below), after the official status's columns.
  const { verification: _nested, ...fields } = alertFields('public');
  /** Free text as a quoted cell with quotes doubled, a formula's first character defused. */
  const text = (sql: string) => `'"' || replace(CASE WHEN ${sql} ~ '^[-=+@\\t\\r]' THEN '''' || ${sql} ELSE ${sql} END, '"', '""') || '"'`;
  /** A field of the official status (OFFICIAL_STATUS_JSON, read once per alert below); an empty cell without one. */
  const status = (path: string) => `coalesce(official.status#>>'{${path}}', '')`;
  const cells = {
    ...fields,
    comments: text('a.comments'),
    // The larger copies' addresses, separated by spaces (a cell of plain text, not JSON).
    photos: `coalesce((SELECT string_agg('/photos/' || p.large_key, ' ' ORDER BY p.position) FROM photos p WHERE p.alert_id = a.id AND p.hidden_at IS NULL), '')`,
    // Not said: an empty cell (concat_ws would drop a NULL, and the columns after it with it).
    howMany: `coalesce(a.how_many, '')`,
    young: `coalesce(a.young::text, '')`,
    behaviour: `coalesce(a.behaviour, '')`,
    // "street, district" as the popup says it; an empty cell while not known.
    place: text(`concat_ws(', ', a.street, a.district)`),
    // The official status flattened: its code, the organisation (its Polish name), when, how it ended, the public note.
    officialStatus: status('status'),
    officialStatusOrganisation: text(status('organisation,pl')),
    officialStatusAt: status('at'),
    officialStatusOutcome: status('outcome'),
    officialStatusNote: text(status('note')),
    // The verification level flattened likewise: its code, what set it, the organisation (Polish), when, the correction and the note.
    verification: 'a.verification',
    verificationBy: `coalesce(a.verification_by, '')`,
    verificationOrganisation: text(`coalesce((SELECT vo.name->>'pl' FROM organisations vo WHERE vo.id = a.verification_organisation), '')`),
    verificationAt: `coalesce(${utc('a.verification_at')}, '')`,
    verificationCorrectedFrom: `coalesce(a.corrected_from, '')`,
    verificationReason: `coalesce(a.verification_reason, '')`,
    verificationNote: text(`coalesce(a.verification_note, '')`),
  };
  // Last, after the official status's columns: a column added later goes to the end.
  const { licence, ...rest } = cells;
  const ordered = { ...rest, licence: `coalesce(${licence}, '')` };
  return searchSql(
    `'${Object.keys(ordered).join(',')}' || chr(13) || chr(10) || coalesce(string_agg(concat_ws(',', ${Object.values(ordered).join(', ')}),
       chr(13) || chr(10) ORDER BY a.n) || chr(13) || chr(10), '')`,
    false,
    `CROSS JOIN LATERAL (SELECT ${OFFICIAL_STATUS_JSON} AS status) official`,
  );
})();

export function searchParams(q: AlertsQuery): unknown[] {
  return [q.longitude, q.latitude, q.radius, q.animal ?? null, q.since ?? null, q.limit, levelsOf(q.verification)];
}

async function searchText(db: Database, sql: string, q: AlertsQuery): Promise<string> {
  const rows = await db.query<{ body: string }>(sql, searchParams(q));
  return rows[0]!.body;
}

export class IdempotencyKeyReusedError extends Error {}

/** The Idempotency-Key's alert was hidden since: a replay answers as a read of it would. */
export class ReplayedAlertHiddenError extends Error {
  constructor(readonly alertId: string) {
    super(`Alert ${alertId} is hidden`);
  }
}

export interface CreateResult {
  alert: Alert;
  /** True when the Idempotency-Key was seen before and the first alert is answered again. */
  replayed: boolean;
}

export function alertsRepository(db: Database) {
  return {
    /** See SEARCH_SQL. */
    search: (q: AlertsQuery) => searchText(db, SEARCH_SQL, q),

    /** The alerts `search` answers, as GeoJSON. */
    searchGeoJson: (q: AlertsQuery) => searchText(db, GEOJSON_SQL, q),

    /** The alerts `search` answers, as CSV. */
    searchCsv: (q: AlertsQuery) => searchText(db, CSV_SQL, q),

    async findById(id: string): Promise<Alert | undefined> {
      const rows = await db.query<{ alert: Alert }>(
        `SELECT ${ALERT_JSON} AS alert FROM alerts a WHERE a.id = $1 AND NOT a.hidden`,
        [id],
      );
      return rows[0]?.alert;
    },

    /**
     * Stores a new alert, committed before this resolves; `inTransaction` runs in its
     * transaction (a replay runs nothing). With an idempotency key, a repeated
     * request answers the alert stored the first time (ReplayedAlertHiddenError when that was
     * hidden since); see claimKey for what the client's `network` changes.
     */
    create(
      body: CreateAlertBody,
      idempotency?: { key: string; network: string },
      /** Runs in the alert's transaction once it is stored (routing it to organisations' inboxes). */
      inTransaction: (tx: Queryable, alertId: string) => Promise<unknown> = async () => undefined,
      /** The reporter's network and the catalogue's plausibility checks it failed (services/plausibility.ts). */
      trust: { network: string | null; checks: readonly string[] } = { network: null, checks: [] },
    ): Promise<CreateResult> {
      return db.transaction(async (tx) => {
        const id = randomUUID();
        if (idempotency !== undefined) {
          const earlier = await claimKey(tx, idempotency.key, idempotency.network, requestHash(body), id);
          if (earlier) return { alert: earlier, replayed: true };
        }
        const published = publicLocation(body, body.animal);
        // A rare animal from a network that never reported one before: held back too.
        const rareFirst =
          animalByKey(body.animal).rare && trust.network !== null
            ? (await tx.query('SELECT 1 FROM alerts WHERE network = $1 AND animal = $2 LIMIT 1', [trust.network, body.animal])).length === 0
            : false;
        const checks = [...trust.checks, ...(rareFirst ? ['rare-first-from-network'] : [])];
        await tx.query(
          `INSERT INTO alerts AS a (id, location, public_location, animal, comments, how_many, young, behaviour, licence, network, checks)
           VALUES ($1, ${POINT('$2', '$3')}, ${POINT('$4', '$5')}, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            id,
            body.longitude,
            body.latitude,
            published.longitude,
            published.latitude,
            body.animal,
            body.comments ?? '',
            body.howMany ?? null,
            body.young ?? null,
            body.behaviour ?? null,
            body.licence ?? null,
            trust.network,
            checks,
          ],
        );
        await inTransaction(tx, id);
        // Its level from other networks' reports nearby, and theirs from it.
        await corroborate(tx, id);
        await recordAlertEvent(tx, id, 'added');
        const rows = await tx.query<{ alert: Alert }>(`SELECT ${ALERT_JSON} AS alert FROM alerts a WHERE a.id = $1`, [id]);
        return { alert: rows[0]!.alert, replayed: false };
      });
    },

    /** Visible alerts: hidden ones are not counted. */
    async count(): Promise<number> {
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts WHERE NOT hidden');
      return rows[0]!.n;
    },
  };
}

export type AlertsRepository = ReturnType<typeof alertsRepository>;

/**
 * Claims the key for `id` within the client's network, or returns the alert a request made
 * under it before. From the same network the same request is a retry (its alert answered
 * again) and another body a mistake (IdempotencyKeyReusedError, 422). From another network,
 * or under a key stored before keys had networks, only the very same request is a retry (a
 * phone that changed networks between its attempts); any other body is this network's own
 * key and makes a new alert, so that a stranger who learnt a key learns nothing from the answer.
 */
async function claimKey(tx: Queryable, key: string, network: string, hash: string, id: string): Promise<Alert | undefined> {
  // One request at a time per key, whatever its network: two retries at once never make two alerts.
  // The advisory lock's two-number form, a space apart from the single-number locks elsewhere.
  await tx.query('SELECT pg_advisory_xact_lock(48861, hashtext($1))', [key]);
  const rows = await tx.query<{ network: string; request_hash: string; alert_id: string; alert: Alert | null }>(
    `SELECT k.network, k.request_hash, k.alert_id, CASE WHEN NOT a.hidden THEN ${ALERT_JSON} END AS alert
     FROM idempotency_keys k JOIN alerts a ON a.id = k.alert_id
     WHERE k.key = $1
     ORDER BY k.created_at`,
    [key],
  );
  const earlier = rows.find((r) => r.network === network) ?? rows.find((r) => r.request_hash === hash);
  if (!earlier) {
    await tx.query('INSERT INTO idempotency_keys (key, network, request_hash, alert_id) VALUES ($1, $2, $3, $4)', [key, network, hash, id]);
    return undefined;
  }
  if (earlier.request_hash !== hash) throw new IdempotencyKeyReusedError();
  if (!earlier.alert) throw new ReplayedAlertHiddenError(earlier.alert_id);
  return earlier.alert;
}

function requestHash(body: CreateAlertBody): string {
  // The details of issue 19 only when given: a retry of an alert sent before they existed hashes as it did then.
  const details = body.howMany === undefined && body.young === undefined && body.behaviour === undefined ? [] : [body.howMany ?? null, body.young ?? null, body.behaviour ?? null];
  // The licence likewise (issue 36).
  const licence = body.licence === undefined ? [] : [body.licence];
  const canonical = JSON.stringify([body.latitude, body.longitude, body.animal, body.comments ?? '', ...details, ...licence]);
  return createHash('sha256').update(canonical).digest('hex');
}
