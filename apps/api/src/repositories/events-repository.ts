/** The SQL for alert events: the log the live stream sends and replays. */
import { ANIMALS, type Alert, type LatLon } from '@wildalert/shared';
import type { Database, Queryable } from '../db/database.ts';
import { ALERT_JSON } from './alert-json.ts';

/** The NOTIFY channel that tells every API instance a new event was committed. */
export const EVENTS_CHANNEL = 'alert_events';
/**
 * The payload an operator sends on EVENTS_CHANNEL after changing alerts around the API (SQL by
 * hand, a restored backup): every instance forgets what it keeps and tells open maps to reload.
 */
export const RESET_NOTIFICATION = 'reset';

/** Any number, the same in every instance. */
const EVENTS_LOCK = 4_886_063_925;

/**
 * `routedTo`: the organisations whose inbox holds the alert when the event was read, for their
 * inbox streams; internal, never sent to a public client (read with the event rather than per
 * inbox stream: one index probe per event, however many inboxes are open).
 */
export type AlertEvent = (
  | { id: number; kind: 'added'; alert: Alert }
  /** A shown alert's content changed (a photo added or hidden, a vote, an organisation's step): its current content. */
  | { id: number; kind: 'changed'; alert: Alert; movedFrom?: LatLon }
  /** `at`: where the alert was shown (its public location), for this server's caches; never sent. */
  | { id: number; kind: 'removed'; alertId: string; at: LatLon }
) & { routedTo?: readonly string[] };

/**
 * Records an event inside the writer's transaction; listeners hear of it when it commits.
 * The advisory lock, held until commit, makes event ids become visible in increasing
 * order, so a reader that has seen id N has seen every event before it.
 */
export async function recordAlertEvent(tx: Queryable, alertId: string, kind: AlertEvent['kind'], movedFrom?: LatLon): Promise<void> {
  const audiences = kind === 'removed' ? [] : await release(tx, alertId);
  await tx.query('SELECT pg_advisory_xact_lock($1)', [EVENTS_LOCK]);
  await tx.query(
    `WITH e AS (
       INSERT INTO alert_events (alert_id, kind, audiences, moved_from)
       VALUES ($1, $2, $4, CASE WHEN $5::float8 IS NOT NULL THEN ST_SetSRID(ST_MakePoint($5::float8, $6::float8), 4326)::geography END)
       RETURNING id)
     SELECT pg_notify($3, e.id::text) FROM e`,
    [alertId, kind, EVENTS_CHANNEL, audiences, movedFrom?.longitude ?? null, movedFrom?.latitude ?? null],
  );
}

/**
 * The area-alert audiences (push and e-mail) this change first lets the alert reach, marked on
 * the alert so that each is reached once (issue 35): 'every' (subscriptions that take every
 * report) once it is not rejected and either passed its plausibility checks or is likely or
 * better; 'trusted' (likely and confirmed only) once it is likely, confirmed or corrected. An
 * alert that qualifies only after its animal's fresh time is marked without being sent: old news.
 */
async function release(tx: Queryable, alertId: string): Promise<string[]> {
  const rows = await tx.query<{ every: boolean; trusted: boolean }>(
    `WITH r AS (
       SELECT a.id,
              NOT a.hidden AND NOT a.released_every AND a.verification <> 'rejected'
                AND (a.checks = '{}' OR a.verification IN ('likely', 'confirmed', 'corrected')) AS every,
              NOT a.hidden AND NOT a.released_trusted AND a.verification IN ('likely', 'confirmed', 'corrected') AS trusted,
              a.created_at > now() - make_interval(hours => ${FRESH_HOURS}) AS fresh
       FROM alerts a WHERE a.id = $1)
     UPDATE alerts a SET released_every = a.released_every OR r.every, released_trusted = a.released_trusted OR r.trusted
     FROM r WHERE a.id = r.id AND (r.every OR r.trusted)
     RETURNING r.every AND r.fresh AS every, r.trusted AND r.fresh AS trusted`,
    [alertId],
  );
  const row = rows[0];
  return row ? [...(row.every ? ['every'] : []), ...(row.trusted ? ['trusted'] : [])] : [];
}

/** The catalogue's freshHours of `a.animal`. */
const FRESH_HOURS = `(SELECT f.hours FROM (VALUES ${ANIMALS.map((x) => `('${x.key}', ${x.freshHours})`).join(', ')}) AS f (key, hours) WHERE f.key = a.animal)`;

interface EventRow {
  id: string;
  kind: AlertEvent['kind'];
  alert_id: string;
  alert: Alert | null;
  latitude: number;
  longitude: number;
  moved_latitude: number | null;
  moved_longitude: number | null;
  routed_to: string[];
}

/** An "added" or "changed" event of an alert hidden since is read as its removal: its content is never sent. */
const EVENT_COLUMNS = `e.id::text AS id, e.kind, e.alert_id,
  CASE WHEN e.kind <> 'removed' AND NOT a.hidden THEN ${ALERT_JSON} END AS alert,
  ST_Y(a.public_location::geometry) AS latitude, ST_X(a.public_location::geometry) AS longitude,
  ST_Y(e.moved_from::geometry) AS moved_latitude, ST_X(e.moved_from::geometry) AS moved_longitude,
  ARRAY(SELECT i.organisation_id::text FROM inbox_entries i WHERE i.alert_id = e.alert_id) AS routed_to`;

function toEvent(row: EventRow): AlertEvent {
  const id = Number(row.id);
  const routedTo = row.routed_to;
  const movedFrom = row.moved_latitude !== null && row.moved_longitude !== null ? { latitude: row.moved_latitude, longitude: row.moved_longitude } : undefined;
  if (row.kind === 'changed' && row.alert && movedFrom) return { id, kind: 'changed', alert: row.alert, movedFrom, routedTo };
  return row.kind !== 'removed' && row.alert
    ? { id, kind: row.kind, alert: row.alert, routedTo }
    : { id, kind: 'removed', alertId: row.alert_id, at: { latitude: row.latitude, longitude: row.longitude }, routedTo };
}

export function eventsRepository(db: Database) {
  return {
    /** Events after `afterId`, oldest first. */
    async after(afterId: number, limit: number): Promise<AlertEvent[]> {
      const rows = await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM alert_events e JOIN alerts a ON a.id = e.alert_id
         WHERE e.id > $1 ORDER BY e.id LIMIT $2`,
        [afterId, limit],
      );
      return rows.map(toEvent);
    },

    /** The newest `limit` events, oldest first, and the id of the newest event overall (0 when none). */
    async latest(limit: number): Promise<{ events: AlertEvent[]; latestId: number }> {
      const rows = await db.query<EventRow>(
        `SELECT * FROM (
           SELECT ${EVENT_COLUMNS} FROM alert_events e JOIN alerts a ON a.id = e.alert_id
           ORDER BY e.id DESC LIMIT $1
         ) recent ORDER BY id::bigint`,
        [limit],
      );
      const events = rows.map(toEvent);
      const newest = await db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM alert_events');
      return { events, latestId: Number(newest[0]?.id ?? 0) };
    },

    /**
     * Forgets events older than `hours`; the stream cannot replay those. The newest event
     * is always kept, so the newest id survives a restart.
     */
    async prune(hours: number): Promise<void> {
      await db.query(
        `DELETE FROM alert_events
         WHERE created_at < now() - make_interval(hours => $1)
           AND id < (SELECT max(id) FROM alert_events)`,
        [hours],
      );
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
