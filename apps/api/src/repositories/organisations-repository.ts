/**
 * The SQL of organisations (issue 33): the organisations themselves and their members, their
 * inboxes (routing a new alert, a responder's status steps), their response figures, and the
 * contacts a place has. PostgreSQL builds the JSON, as for alerts.
 */
import { INBOX_STATUSES, type ContactEntry, type InboxEntry, type InboxStatus, type Names, type Organisation, type OrganisationBody, type StatusChangeBody } from '@wildalert/shared';
import type { Database, Queryable } from '../db/database.ts';
import { EXACT_ALERT_JSON, jsonObject, utc } from './alert-json.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { recordAlertEvent } from './events-repository.ts';
import { confirmByOrganisation } from './verification-repository.ts';

/** One organisation as JSON, from a row `o` of `organisations`. Typed by Organisation, as alertFields is by Alert. */
const ORGANISATION_JSON = jsonObject({
  id: 'o.id',
  name: 'o.name',
  phone: 'o.phone',
  url: 'o.url',
  area: 'o.area',
  rules: 'o.rules',
  callFor: 'to_json(o.call_for)',
  hours: 'o.hours',
  inbox: 'o.inbox',
  members: `coalesce((
    SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id)
    FROM organisation_members m JOIN staff_accounts s ON s.id = m.account_id
    WHERE m.organisation_id = o.id), '[]'::json)`,
} satisfies Record<keyof Organisation, string>);

/** An inbox entry as JSON, from a row `i` of `inbox_entries` and its alert `a` (at its exact point). */
const INBOX_ENTRY_JSON = jsonObject({
  organisationId: 'i.organisation_id',
  alert: EXACT_ALERT_JSON,
  status: 'i.status',
  outcome: 'i.outcome',
  note: 'i.note',
  handedTo: 'i.handed_to',
  createdAt: utc('i.created_at'),
  acknowledgedAt: utc('i.acknowledged_at'),
  onTheWayAt: utc('i.on_the_way_at'),
  resolvedAt: utc('i.resolved_at'),
  statusAt: utc('i.status_at'),
} satisfies Record<keyof InboxEntry, string>);

/**
 * Where an area ($n, as given: a circle, a GeoJSON Polygon or null) serves, as geography; NULL
 * for everywhere. A circle is a polygon of 128 sides: within 0.03 % of its radius (6 m in 20 km).
 */
const SHAPE = (n: number) => `CASE
  WHEN $${n}::jsonb = 'null'::jsonb THEN NULL
  WHEN $${n}::jsonb ? 'radiusKm' THEN ST_Buffer(
    ST_SetSRID(ST_MakePoint(($${n}::jsonb->>'longitude')::float8, ($${n}::jsonb->>'latitude')::float8), 4326)::geography,
    ($${n}::jsonb->>'radiusKm')::float8 * 1000, 'quad_segs=32')
  ELSE ST_SetSRID(ST_GeomFromGeoJSON($${n}::text), 4326)::geography END`;

/** The columns an OrganisationBody fills, and their values from parameter $`first` on (bodyParams). */
const BODY_COLUMNS = 'name, phone, url, area, shape, rules, call_for, hours, inbox';
const bodyValues = (first: number) => {
  const $ = (i: number) => `$${first + i}`;
  return `${$(0)}::jsonb, ${$(1)}, ${$(2)}, ${$(3)}::jsonb, ${SHAPE(first + 3)}, ${$(4)}::jsonb, ${$(5)}::text[], ${$(6)}::jsonb, ${$(7)}`;
};
const bodyParams = (b: OrganisationBody) => [
  JSON.stringify(b.name),
  b.phone,
  b.url,
  JSON.stringify(b.area),
  JSON.stringify(b.rules),
  b.callFor,
  b.hours === null ? null : JSON.stringify(b.hours),
  b.inbox,
];


/** A status step that goes backwards, or from a resolved entry (409). */
export class StepBackwardsError extends Error {
  constructor(readonly from: InboxStatus, readonly to: StatusChangeBody['status']) {
    super(`The entry is ${from}: it cannot go to ${to}.`);
  }
}

/** The organisation an alert is handed over to cannot take it (400): none such, no inbox, or itself. */
export class BadHandOverError extends Error {}

/** An organisation that others handed alerts over to cannot be deleted (409): those entries name it. */
export class HandedOverToError extends Error {}

/** What was routed or changed, for the caller's hooks inside the same transaction (webhooks). */
export interface RoutedEntry {
  organisationId: string;
  entry: InboxEntry;
}

export interface Figures {
  acknowledgedMedianSeconds: number | null;
  resolvedMedianSeconds: number | null;
  resolvedShare: number | null;
  entries: number;
}

export interface ContactRow {
  organisationId: string;
  name: Names;
  phone: string | null;
  url: string | null;
  for: ContactEntry['for'];
  inbox: boolean;
  hours: ContactEntry['hours'];
}

/**
 * SQL: one of organisation `o`'s routing rules takes a report of `animal` with `behaviour` (SQL
 * expressions; a null behaviour is taken only by a rule for every behaviour).
 */
const rulesTake = (o: string, animal: string, behaviour: string) => `EXISTS (
  SELECT 1 FROM jsonb_array_elements(${o}.rules) r
  WHERE (r->'animals' = 'null'::jsonb OR r->'animals' ? ${animal})
    AND (r->'behaviours' = 'null'::jsonb OR (${behaviour} IS NOT NULL AND r->'behaviours' ? ${behaviour})))`;

/** One lock for the seed, so that instances starting together copy the table once. */
const SEED_LOCK = 4_886_063_933;

export function organisationsRepository(db: Database) {
  const one = async (q: Queryable, id: string): Promise<Organisation | undefined> =>
    (await q.query<{ o: Organisation }>(`SELECT ${ORGANISATION_JSON} AS o FROM organisations o WHERE o.id = $1`, [id]))[0]?.o;

  const entryOf = async (q: Queryable, organisationId: string, alertId: string): Promise<InboxEntry> =>
    (
      await q.query<{ entry: InboxEntry }>(
        `SELECT ${INBOX_ENTRY_JSON} AS entry FROM inbox_entries i JOIN alerts a ON a.id = i.alert_id
         WHERE i.organisation_id = $1 AND i.alert_id = $2`,
        [organisationId, alertId],
      )
    )[0]!.entry;

  return {
    /** Every organisation (ids undefined), or those of `ids`; by Polish name. */
    async list(ids?: readonly string[]): Promise<Organisation[]> {
      const rows = await db.query<{ o: Organisation }>(
        `SELECT ${ORGANISATION_JSON} AS o FROM organisations o
         WHERE $1::uuid[] IS NULL OR o.id = ANY ($1::uuid[])
         ORDER BY o.name->>'pl', o.id`,
        [ids ?? null],
      );
      return rows.map((r) => r.o);
    },

    get: (id: string) => one(db, id),

    /** The organisations `accountId` is a member of. */
    async membershipsOf(accountId: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>('SELECT organisation_id AS id FROM organisation_members WHERE account_id = $1', [accountId]);
      return rows.map((r) => r.id);
    },

    async create(body: OrganisationBody, actor: Actor): Promise<Organisation> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO organisations (${BODY_COLUMNS}) VALUES (${bodyValues(1)}) RETURNING id`,
          bodyParams(body),
        );
        await recordAudit(tx, actor, 'organisation-created', row!.id, { name: body.name.pl });
        return (await one(tx, row!.id))!;
      });
    },

    /** Undefined when there is no such organisation. */
    async update(id: string, body: OrganisationBody, actor: Actor): Promise<Organisation | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE organisations SET (${BODY_COLUMNS}, updated_at) = (${bodyValues(2)}, clock_timestamp()) WHERE id = $1 RETURNING id`,
          [id, ...bodyParams(body)],
        );
        if (rows.length === 0) return undefined;
        await recordAudit(tx, actor, 'organisation-changed', id, { name: body.name.pl });
        return one(tx, id);
      });
    },

    /** False when there is no such organisation; HandedOverToError when others' entries name it. */
    async remove(id: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const named = await tx.query('SELECT 1 FROM inbox_entries WHERE handed_to = $1 AND organisation_id <> $1 LIMIT 1', [id]);
        if (named.length > 0) throw new HandedOverToError();
        const rows = await tx.query<{ name: string }>(`DELETE FROM organisations WHERE id = $1 RETURNING name->>'pl' AS name`, [id]);
        if (rows.length === 0) return false;
        await recordAudit(tx, actor, 'organisation-deleted', id, { name: rows[0]!.name });
        return true;
      });
    },

    /** 'no-organisation' or 'no-account' when either is missing; adding a member twice changes nothing. */
    async addMember(id: string, accountId: string, actor: Actor): Promise<'ok' | 'no-organisation' | 'no-account'> {
      return db.transaction(async (tx) => {
        const [found] = await tx.query<{ organisation: boolean; account: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM organisations WHERE id = $1) AS organisation, EXISTS (SELECT 1 FROM staff_accounts WHERE id = $2) AS account`,
          [id, accountId],
        );
        if (!found!.organisation) return 'no-organisation';
        if (!found!.account) return 'no-account';
        const added = await tx.query(
          'INSERT INTO organisation_members (organisation_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
          [id, accountId],
        );
        if (added.length > 0) await recordAudit(tx, actor, 'member-added', accountId, { organisationId: id });
        return 'ok';
      });
    },

    /** False when there is no such organisation; removing a non-member changes nothing. */
    async removeMember(id: string, accountId: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        if ((await tx.query('SELECT 1 FROM organisations WHERE id = $1', [id])).length === 0) return false;
        const removed = await tx.query('DELETE FROM organisation_members WHERE organisation_id = $1 AND account_id = $2 RETURNING 1', [id, accountId]);
        if (removed.length > 0) await recordAudit(tx, actor, 'member-removed', accountId, { organisationId: id });
        return true;
      });
    },

    async isMember(id: string, accountId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM organisation_members WHERE organisation_id = $1 AND account_id = $2', [id, accountId]);
      return rows.length > 0;
    },

    async exists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM organisations WHERE id = $1', [id])).length > 0;
    },

    /**
     * Whether a polygon is one PostGIS can match points against (closed rings, no
     * self-intersection); a reason when not. Circles and "everywhere" always are.
     */
    async areaProblem(area: OrganisationBody['area']): Promise<string | undefined> {
      if (area === null || !('type' in area)) return undefined;
      const [row] = await db.query<{ reason: string }>(
        `SELECT CASE WHEN ST_IsValid(g) THEN '' ELSE ST_IsValidReason(g) END AS reason FROM (SELECT ST_GeomFromGeoJSON($1::text) AS g) _`,
        [JSON.stringify(area)],
      );
      return row!.reason || undefined;
    },

    /**
     * Copies the CONTACTS_FILE table into organisations when there are none yet: once, however
     * many instances start at once. Answers how many were copied.
     */
    async seed(table: readonly ContactEntry[]): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
        if ((await tx.query('SELECT 1 FROM organisations LIMIT 1')).length > 0) return 0;
        for (const entry of table) {
          const body: OrganisationBody = {
            name: entry.name,
            phone: entry.phone,
            url: entry.url ?? null,
            area: entry.area,
            rules: entry.rules ?? [],
            callFor: entry.for,
            hours: entry.hours ?? null,
            inbox: entry.inbox ?? false,
          };
          // One after another: created_at keeps the file's order, which ties in /Contacts follow.
          await tx.query(`INSERT INTO organisations (${BODY_COLUMNS}) VALUES (${bodyValues(1)})`, bodyParams(body));
        }
        return table.length;
      });
    },

    /**
     * Puts a new alert in the inbox of every organisation with an inbox whose area covers its
     * exact point and one of whose rules it matches; in the alert's own transaction `tx`. The
     * primary key keeps it to one entry per organisation, however often this runs.
     */
    async route(tx: Queryable, alertId: string): Promise<RoutedEntry[]> {
      return tx.query<RoutedEntry>(
        `WITH i AS (
           INSERT INTO inbox_entries (organisation_id, alert_id)
           SELECT o.id, a.id FROM organisations o, alerts a
           WHERE a.id = $1 AND o.inbox
             AND (o.shape IS NULL OR ST_Covers(o.shape, a.location))
             AND ${rulesTake('o', 'a.animal', 'a.behaviour')}
           ON CONFLICT DO NOTHING
           RETURNING *)
         SELECT i.organisation_id AS "organisationId", ${INBOX_ENTRY_JSON} AS entry
         FROM i JOIN alerts a ON a.id = i.alert_id`,
        [alertId],
      );
    },

    /** An organisation's inbox, newest first: `open` (not resolved), `resolved` or `all`; hidden alerts left out. */
    async inbox(id: string, status: 'open' | 'resolved' | 'all', limit: number): Promise<InboxEntry[]> {
      const rows = await db.query<{ entry: InboxEntry }>(
        `SELECT ${INBOX_ENTRY_JSON} AS entry
         FROM inbox_entries i JOIN alerts a ON a.id = i.alert_id
         WHERE i.organisation_id = $1 AND NOT a.hidden
           AND ($2 = 'all' OR ($2 = 'open') = (i.status <> 'resolved'))
         ORDER BY i.created_at DESC, i.alert_id
         LIMIT $3`,
        [id, status, limit],
      );
      return rows.map((r) => r.entry);
    },

    /**
     * A responder's step on an entry, in one transaction with its audit row and the alert's
     * `changed` event; `inTransaction` runs last inside it with what changed (webhooks). Undefined
     * when the entry does not exist (or its alert is hidden). Throws StepBackwardsError and
     * BadHandOverError.
     */
    async step(
      id: string,
      alertId: string,
      body: StatusChangeBody,
      actor: Actor,
      inTransaction: (tx: Queryable, changed: { entry: InboxEntry; handedOver: RoutedEntry | undefined }) => Promise<void>,
    ): Promise<InboxEntry | undefined> {
      return db.transaction(async (tx) => {
        // The alert's row before the entry's: a moderator hiding the alert takes them in that order
        // too (the dashboard's trigger, migration 029), so neither waits for the other.
        await tx.query('SELECT 1 FROM alerts WHERE id = $1 FOR NO KEY UPDATE', [alertId]);
        const [current] = await tx.query<{ status: InboxStatus }>(
          `SELECT i.status FROM inbox_entries i JOIN alerts a ON a.id = i.alert_id
           WHERE i.organisation_id = $1 AND i.alert_id = $2 AND NOT a.hidden
           FOR UPDATE OF i`,
          [id, alertId],
        );
        if (!current) return undefined;
        // Forward only: a step comes later in INBOX_STATUSES than where the entry is.
        if (INBOX_STATUSES.indexOf(body.status) <= INBOX_STATUSES.indexOf(current.status)) throw new StepBackwardsError(current.status, body.status);
        const handedTo = body.outcome === 'handed-over' ? body.handedTo! : null;
        if (handedTo !== null) {
          const [target] = await tx.query<{ inbox: boolean }>('SELECT inbox FROM organisations WHERE id = $1', [handedTo]);
          if (!target) throw new BadHandOverError(`There is no organisation ${handedTo} to hand it over to.`);
          if (!target.inbox) throw new BadHandOverError('That organisation has no inbox (it is a number to call only).');
          if (handedTo === id) throw new BadHandOverError('An alert cannot be handed over to its own organisation.');
        }
        await tx.query(
          `WITH t AS (SELECT clock_timestamp() AS at)
           UPDATE inbox_entries SET
             status = $3, outcome = $4, note = $5, handed_to = $6, status_by = $7, status_at = t.at,
             acknowledged_at = coalesce(acknowledged_at, t.at),
             on_the_way_at = CASE WHEN $3 = 'on-the-way' THEN t.at ELSE on_the_way_at END,
             resolved_at = CASE WHEN $3 = 'resolved' THEN t.at END
           FROM t WHERE organisation_id = $1 AND alert_id = $2`,
          [id, alertId, body.status, body.outcome ?? null, body.note ?? null, handedTo, actor.accountId],
        );
        let handedOver: RoutedEntry | undefined;
        if (handedTo !== null) {
          const added = await tx.query('INSERT INTO inbox_entries (organisation_id, alert_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [
            handedTo,
            alertId,
          ]);
          if (added.length > 0) handedOver = { organisationId: handedTo, entry: await entryOf(tx, handedTo, alertId) };
        }
        await recordAudit(tx, actor, 'inbox-status-changed', alertId, {
          organisationId: id,
          status: body.status,
          ...(body.outcome ? { outcome: body.outcome } : {}),
          ...(handedTo ? { handedTo } : {}),
        });
        // A responder who acknowledged it, is on the way or resolved it other than "not found" confirms it (issue 35).
        if (body.status !== 'resolved' || body.outcome !== 'not-found') await confirmByOrganisation(tx, alertId, id, actor.accountId);
        await recordAlertEvent(tx, alertId, 'changed');
        const entry = await entryOf(tx, id, alertId);
        await inTransaction(tx, { entry, handedOver });
        return entry;
      });
    },

    /** How the organisation answered the alerts it received in the last 30 days (hidden ones left out). */
    async figures(id: string): Promise<Figures> {
      const [row] = await db.query<Figures>(
        `SELECT count(*)::int AS entries,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.acknowledged_at - i.created_at)) AS "acknowledgedMedianSeconds",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM i.resolved_at - i.created_at)) AS "resolvedMedianSeconds",
           CASE WHEN count(*) > 0 THEN (count(*) FILTER (WHERE i.status = 'resolved'))::float8 / count(*) END AS "resolvedShare"
         FROM inbox_entries i JOIN alerts a ON a.id = i.alert_id
         WHERE i.organisation_id = $1 AND NOT a.hidden AND i.created_at > now() - interval '30 days'`,
        [id],
      );
      return row!;
    },

    /**
     * The organisations to call about something at a point, the most local first and those for
     * everywhere last, only those to call about `behaviour` when given; never one that is no
     * one's to call about anything (callFor empty). Given the `animal` too, `inbox` says whether
     * a report of it lands in the inbox (its rules take it, as `route` does), and an organisation
     * whose rules take it is among them even when it is not one to call about that behaviour.
     */
    async contacts(point: { latitude: number; longitude: number }, behaviour: string | undefined, animal: string | undefined): Promise<ContactRow[]> {
      return db.query<ContactRow>(
        `SELECT o.id AS "organisationId", o.name, o.phone, o.url, o.call_for AS for, o.hours,
                o.inbox AND ($4::text IS NULL OR ${rulesTake('o', '$4', '$3::text')}) AS inbox
         FROM organisations o
         WHERE (o.shape IS NULL OR ST_Covers(o.shape, ST_SetSRID(ST_MakePoint($1::float8, $2::float8), 4326)::geography))
           AND ((cardinality(o.call_for) > 0 AND ($3::text IS NULL OR $3 = ANY (o.call_for)))
             OR ($4::text IS NOT NULL AND o.inbox AND ${rulesTake('o', '$4', '$3::text')}))
         ORDER BY o.shape IS NULL, ST_Area(o.shape), o.created_at, o.id`,
        [point.longitude, point.latitude, behaviour ?? null, animal ?? null],
      );
    },
  };
}

export type OrganisationsRepository = ReturnType<typeof organisationsRepository>;
