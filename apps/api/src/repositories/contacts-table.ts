/**
 * Whom to call about an animal: the table of CONTACTS_FILE (packages/shared/src/contacts.ts),
 * read and checked once at start, and matched to a place by PostGIS, circles and polygons alike.
 */
import fs from 'node:fs';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { ContactEntrySchema, type ContactEntry, type ContactListResponse } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { ConfigError } from '../lib/config-error.ts';

const TableSchema = Type.Array(ContactEntrySchema);

/** The table in `file`, or a ConfigError naming the file and what is wrong in it. */
export function loadContacts(file: string): ContactEntry[] {
  let table: unknown;
  try {
    table = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Invalid configuration: CONTACTS_FILE ${file} could not be read as JSON (${(error as Error).message})`);
  }
  if (!Value.Check(TableSchema, table)) {
    const problems = [...Value.Errors(TableSchema, table)].slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new ConfigError(`Invalid configuration: CONTACTS_FILE ${file} is not a table of contacts: ${problems.join('; ')}`);
  }
  return table;
}

/**
 * Which areas hold the point ($2 longitude, $3 latitude): their indexes in $1, the smallest
 * area first (the most local service), "everywhere" (null) last.
 */
const MATCH_SQL = `
  WITH here AS (SELECT ST_SetSRID(ST_MakePoint($2::float8, $3::float8), 4326) AS p),
  areas AS (
    SELECT (c.i - 1)::int AS index, c.area,
           CASE WHEN c.area = 'null'::jsonb THEN NULL
                WHEN c.area ? 'radiusKm' THEN ST_Buffer(
                  ST_SetSRID(ST_MakePoint((c.area->>'longitude')::float8, (c.area->>'latitude')::float8), 4326)::geography,
                  (c.area->>'radiusKm')::float8 * 1000)
                ELSE ST_SetSRID(ST_GeomFromGeoJSON(c.area::text), 4326)::geography END AS shape
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS c(area, i)
  )
  SELECT index FROM areas, here
  WHERE shape IS NULL OR ST_Covers(shape, here.p::geography)
  ORDER BY shape IS NULL, ST_Area(shape), index`;

export function contactsFor(db: Database, table: readonly ContactEntry[]) {
  const areas = JSON.stringify(table.map((c) => c.area));
  return async (point: { latitude: number; longitude: number }, behaviour?: ContactEntry['for'][number]): Promise<ContactListResponse['data']> => {
    const rows = await db.query<{ index: number }>(MATCH_SQL, [areas, point.longitude, point.latitude]);
    return rows
      .map(({ index }) => table[index]!)
      .filter((c) => !behaviour || c.for.includes(behaviour))
      .map(({ name, phone, url, for: handles }) => ({ name, phone, ...(url ? { url } : {}), for: handles }));
  };
}
