/**
 * Request validation. Bodies are JSON and must have exactly the right types (no coercion,
 * no silently dropped fields); query strings, path parameters and headers are text, so
 * numbers in them are converted and a single value becomes a one-item array where a list
 * is expected.
 */
import querystring from 'node:querystring';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { fieldError } from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES } from './problem.ts';

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
  ajv.addFormat('date-time', { type: 'string', validate: isStorableDateTime });
  return ajv;
}

const rfc3339 = fullFormats['date-time'] as { validate: (text: string) => boolean };
/** The instants PostgreSQL and JavaScript both keep: years 1 to 9999 in UTC. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * RFC 3339 date-time, and an instant a database can compare with: "0000-12-31T23:59:59Z"
 * (year 0) or "9999-12-31T23:59:59-23:59" (year 10000 in UTC) are valid text but no time.
 */
function isStorableDateTime(text: string): boolean {
  if (!rfc3339.validate(text)) return false;
  const instant = Date.parse(text);
  return Number.isFinite(instant) && instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
}

const bodyAjv = newAjv({ coerceTypes: false });
const textAjv = newAjv({ coerceTypes: 'array' });

/**
 * A valid date-time as the same instant in UTC, its fraction digits kept (PostgreSQL keeps
 * microseconds): RFC 3339 allows offsets up to ±23:59, PostgreSQL's timestamptz input only up
 * to ±15:59, and a cache keyed on the text would keep one instant under many names.
 */
function inUtc(text: string): string {
  const fraction = /(\.\d+)?(?:z|[+-][\d:]+)$/i.exec(text)?.[1] ?? '';
  return `${new Date(Date.parse(text)).toISOString().slice(0, 19)}${fraction}Z`;
}

/** The names of an object schema's date-time properties. */
const dateTimeNames = (schema: { properties?: Record<string, { format?: string }> }) =>
  Object.entries(schema.properties ?? {}).flatMap(([name, property]) => (property.format === 'date-time' ? [name] : []));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return bodyAjv.compile(schema);
  const validate = textAjv.compile(schema);
  const instants = dateTimeNames(schema);
  if (instants.length === 0) return validate;
  // A date-time in a query string reaches the routes (and SQL) in UTC: written once, here.
  const validateInUtc = (data: Record<string, unknown>) => {
    const valid = validate(data);
    validateInUtc.errors = validate.errors;
    if (valid) for (const name of instants) if (typeof data[name] === 'string') data[name] = inUtc(data[name]);
    return valid;
  };
  validateInUtc.errors = validate.errors;
  return validateInUtc;
};

/**
 * Parses a query string with case-insensitive names (as the earlier ASP.NET API bound
 * them): every name is lower-cased, and the schemas declare lower-case names. An empty value
 * is a value, checked as any other: `Radius=` is refused as the schema refuses an empty
 * number (ASP.NET refused it too), not read as "default". Invalid percent-encoding is kept
 * as written rather than failing.
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const parsed = querystring.parse(raw);
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of Object.entries(parsed)) {
    const key = name.toLowerCase();
    const values = [value ?? []].flat();
    const before = out[key];
    const all = before === undefined ? values : [before, values].flat();
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/**
 * A route that declares no body takes none: a JSON body sent to it (`null`, `{}`) is refused
 * as its operation documents no request body, rather than ignored. (Fastify refuses a body of
 * another media type with 415 and an empty JSON body with 400 already.)
 */
export async function refuseUndeclaredBody(request: FastifyRequest): Promise<void> {
  // A path no route has is answered 404, whatever it was sent.
  if (request.body === undefined || request.is404 || request.routeOptions.schema?.body !== undefined) return;
  throw new HttpProblem({
    status: 400,
    type: PROBLEM_TYPES.validation,
    detail: `${request.method} ${request.routeOptions.url} takes no request body; send none.`,
    errors: { body: [fieldError({ code: 'unknown_field' })] },
  });
}
