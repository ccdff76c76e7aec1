/**
 * The table of CONTACTS_FILE (packages/shared/src/contacts.ts), read and checked once at start:
 * a first start copies it into the organisations (organisations-repository.ts `seed`).
 */
import fs from 'node:fs';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { ContactEntrySchema, type ContactEntry } from '@wildalert/shared';
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
