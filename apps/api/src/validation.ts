/**
 * Request validation. Bodies are JSON and must have exactly the right types (no coercion,
 * no silently dropped fields); query strings, path parameters and headers are text, so
 * numbers in them are converted and a single value becomes a one-item array where a list
 * is expected.
 */
import querystring from 'node:querystring';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under Node's ESM loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

function newAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    ...options,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = newAjv({ coerceTypes: false });
const textAjv = newAjv({ coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);

/**
 * Parses a query string with case-insensitive names (as the earlier ASP.NET API bound
 * them): every name is lower-cased, and the schemas declare lower-case names. Empty values
 * are dropped, so `Radius=` means "default", not 0. Invalid percent-encoding is kept as
 * written rather than failing.
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const parsed = querystring.parse(raw);
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of Object.entries(parsed)) {
    const key = name.toLowerCase();
    const values = [value ?? []].flat().filter((v) => v !== '');
    if (values.length === 0) continue;
    const before = out[key];
    const all = before === undefined ? values : [before, values].flat();
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}
