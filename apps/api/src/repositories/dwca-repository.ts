/**
 * The SQL of the Darwin Core Archive (dwca/darwin-core.ts says what each column is): the
 * licensed, visible alerts and their shown photos, a page at a time, each page one text of
 * tab-separated lines written by PostgreSQL: Node neither decodes a row nor formats a value.
 * Within a page the lines come in the order PostgreSQL read them (an archive has no order);
 * sorting them in the aggregate cost PostgreSQL 40% more time per line.
 *
 * Pages follow a key (an alert's `seq`, a photo's `id`) rather than a server-side cursor: a
 * cursor holds a transaction open as long as the slowest client takes to download, which on
 * PostgreSQL holds a pooled connection and vacuum back, and on the embedded engine (one
 * connection) every other visitor's query. Each page is a short transaction of its own.
 */
import type { Licence } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { CATALOGUE_JOIN, CATALOGUE_PARAMS, MULTIMEDIA_COLUMNS, MULTIMEDIA_ID_SQL, OCCURRENCE_COLUMNS, tsvLine } from '../dwca/darwin-core.ts';

/** One page: its lines (each ending in a line feed; '' when none) and the key the next page starts after. */
interface Page {
  text: string;
  rows: number;
  last: string | null;
}

/** The parameters of a page after darwin-core.ts's own: the occurrences' after the catalogue's arrays too. */
const OCCURRENCE_BASE = 2 + CATALOGUE_PARAMS.length;
const MULTIMEDIA_BASE = 2;
const param = (base: number) => (i: number) => `$${base + 1 + i}`;

/** Licensed, visible (the partial index of migration 025), under one of the dataset's licences. */
// A report a moderator rejected (not a wild animal, a hoax) is no occurrence: it is not published.
const exported = (licences: string) =>
  `a.licence IS NOT NULL AND NOT a.hidden AND a.verification <> 'rejected' AND a.licence = ANY (${licences}::text[])`;

const OCCURRENCE_PAGE_SQL = ((own) => `SELECT coalesce(string_agg(${tsvLine(OCCURRENCE_COLUMNS.map((c) => c.sql))} || E'\\n', ''), '') AS text,
       count(*)::int AS rows, max(a.seq)::text AS last
  FROM (
    SELECT a.* FROM alerts a
    WHERE ${exported(own(0))} AND a.seq > ${own(1)}::bigint
    ORDER BY a.seq
    LIMIT ${own(2)}
  ) a ${CATALOGUE_JOIN}`)(param(OCCURRENCE_BASE));

/** Photos a page at a time, whichever alert they belong to; lines only for those of exported alerts up to `seq` ${own(3)}. */
const MULTIMEDIA_PAGE_SQL = ((own) => `SELECT coalesce(string_agg(${tsvLine([MULTIMEDIA_ID_SQL, ...MULTIMEDIA_COLUMNS.map((c) => c.sql)])} || E'\\n', '') FILTER (WHERE a.id IS NOT NULL), '') AS text,
       count(*)::int AS rows, max(p.id::text) AS last
  FROM (
    SELECT p.* FROM photos p
    WHERE p.hidden_at IS NULL AND p.id > ${own(1)}::uuid
    ORDER BY p.id
    LIMIT ${own(2)}
  ) p LEFT JOIN alerts a ON a.id = p.alert_id AND ${exported(own(0))} AND a.seq <= ${own(3)}::bigint`)(param(MULTIMEDIA_BASE));

/** The smallest uuid: every photo's id comes after it. */
const BEFORE_ALL_UUIDS = '00000000-0000-0000-0000-000000000000';

/**
 * Rows a page reads. On PostgreSQL, 10,000 (about 4 MB of text): the statement's planning and
 * round trips vanish beside its rows, and the API deflates one page while PostgreSQL writes the
 * next. The embedded engine runs one statement at a time for every visitor: 2,000 (under 1 MB)
 * hold it only briefly.
 */
const PAGE_SIZE = { postgres: 10_000, pglite: 2_000 };

export function dwcaRepository(db: Database) {
  const pageSize = PAGE_SIZE[db.engine];
  /** One page's statement in a transaction of its own, in the city's time zone (eventDate's offset). */
  const page = (sql: string, params: unknown[], timeZone: string) =>
    db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('TimeZone', $1, true)`, [timeZone]);
      const [row] = await tx.query<Page>(sql, params);
      return row!;
    });

  return {
    /**
     * The occurrence lines, a page at a time, oldest alert first. `seen` learns the newest alert
     * read, so that the photos' pass can keep to the alerts this one wrote.
     */
    async *occurrences(shared: unknown[], licences: Licence[], timeZone: string, seen: { lastSeq: string }) {
      for (let after = '0'; ; ) {
        const { text, rows, last } = await page(OCCURRENCE_PAGE_SQL, [...shared, ...CATALOGUE_PARAMS, licences, after, pageSize], timeZone);
        if (text) yield text;
        if (last !== null) after = seen.lastSeq = last;
        if (rows < pageSize) return;
      }
    },

    /** The multimedia lines of the exported alerts up to `lastSeq`, a page of photos at a time. */
    async *photos(shared: unknown[], licences: Licence[], timeZone: string, lastSeq: string) {
      for (let after = BEFORE_ALL_UUIDS; ; ) {
        const { text, rows, last } = await page(MULTIMEDIA_PAGE_SQL, [...shared, licences, after, pageSize, lastSeq], timeZone);
        if (text) yield text;
        if (last !== null) after = last;
        if (rows < pageSize) return;
      }
    },
  };
}

export type DwcaRepository = ReturnType<typeof dwcaRepository>;
