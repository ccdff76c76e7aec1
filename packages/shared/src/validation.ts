/**
 * Turns JSON Schema validation errors (from Ajv on the server or TypeBox in the browser)
 * into the `errors` member of a problem answer: messages grouped by field name.
 */
import type { FieldErrorCode } from './field-error-codes.ts';
import { STORABLE_TEXT_PATTERN } from './schemas.ts';

/** The part of an Ajv or TypeBox error this module reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}


/** One thing wrong with one field: a code for programs, a message (in English here) for people. */
export interface FieldError {
  code: FieldErrorCode;
  message: string;
  limit?: number;
  exclusive?: boolean;
  allowed?: string[];
  type?: string;
  format?: string;
}

export type FieldErrors = Record<string, FieldError[]>;

/** The English message of a field error: what `message` says when no other language is asked for. */
function englishMessage(error: Omit<FieldError, 'message'>): string {
  const limit = String(error.limit);
  switch (error.code) {
    case 'required':
      return 'is required';
    case 'unknown_field':
      return 'is not a known field';
    case 'wrong_type':
      return `must be ${article(String(error.type))}`;
    case 'too_small':
      return error.exclusive ? `must be greater than ${limit}` : `must be at least ${limit}`;
    case 'too_large':
      return error.exclusive ? `must be less than ${limit}` : `must be at most ${limit}`;
    case 'too_short':
      return `must be at least ${limit} characters long`;
    case 'too_long':
      return `must be at most ${limit} characters long`;
    case 'too_many_items':
      return `must have at most ${limit} items`;
    case 'not_allowed':
      return `must be one of: ${(error.allowed ?? []).join(', ')}`;
    case 'wrong_format':
      return `must be a valid ${String(error.format)}`;
    case 'invalid_characters':
      return 'must not contain NUL characters or unpaired UTF-16 surrogates';
    case 'not_https':
      return 'must be an https URL';
    case 'not_push_service':
      return "must be the address of a push service this server sends to";
    case 'not_public_address':
      return 'must not name a host on a private or local network';
    case 'invalid_key':
      return 'is not a valid key';
    case 'unknown_time_zone':
      return 'must be an IANA time zone';
    case 'invalid':
      return 'is invalid';
  }
}

/** A field error with its English message. */
export function fieldError(error: Omit<FieldError, 'message'>): FieldError {
  return { ...error, message: englishMessage(error) };
}

export function fieldErrors(errors: readonly SchemaError[]): FieldErrors {
  // A Map, so that a field named "__proto__" is just a name.
  const byField = new Map<string, FieldError[]>();
  for (const error of errors) {
    for (const [field, described] of describe(error)) {
      const list = byField.get(field) ?? [];
      const found = fieldError(described);
      if (!list.some((e) => e.message === found.message)) list.push(found);
      byField.set(field, list);
    }
  }
  return Object.fromEntries(byField);
}

type Described = Omit<FieldError, 'message'>;

function describe(error: SchemaError): Array<[string, Described]> {
  const field = fieldOf(error.instancePath);
  const p = error.params;
  const limit = Number(p.limit);
  switch (error.keyword) {
    case 'required': {
      const names = asList(p.missingProperty ?? p.requiredProperties);
      return names.map((name) => [name, { code: 'required' }]);
    }
    case 'additionalProperties': {
      const names = asList(p.additionalProperty ?? p.additionalProperties);
      return names.map((name) => [joinField(field, name), { code: 'unknown_field' }]);
    }
    case 'type':
      return [[field, { code: 'wrong_type', type: asList(p.type).join(' or ') }]];
    case 'minimum':
      return [[field, { code: 'too_small', limit }]];
    case 'exclusiveMinimum':
      return [[field, { code: 'too_small', limit, exclusive: true }]];
    case 'maximum':
      return [[field, { code: 'too_large', limit }]];
    case 'exclusiveMaximum':
      return [[field, { code: 'too_large', limit, exclusive: true }]];
    case 'maxLength':
      return [[field, { code: 'too_long', limit }]];
    case 'minLength':
      return [[field, { code: 'too_short', limit }]];
    case 'enum':
      return [[field, { code: 'not_allowed', allowed: asList(p.allowedValues) }]];
    case 'format':
      return [[field, { code: 'wrong_format', format: String(p.format) }]];
    case 'pattern':
      return [[field, { code: p.pattern === STORABLE_TEXT_PATTERN ? 'invalid_characters' : 'invalid' }]];
    case 'maxItems':
      return [[field, { code: 'too_many_items', limit }]];
    // TypeBox reports "schema is false" beside additionalProperties; the latter says it better.
    case 'boolean':
      return [];
    default:
      return [[field, { code: 'invalid' }]];
  }
}

function fieldOf(instancePath: string): string {
  // "/animal/0" names the field "animal": the item index adds nothing for a person.
  const parts = instancePath.split('/').filter((s) => s !== '' && !/^\d+$/.test(s));
  return parts.map(unescapePointer).join('.') || 'body';
}

function joinField(parent: string, name: string): string {
  return parent === 'body' ? name : `${parent}.${name}`;
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === undefined ? [] : [String(value)];
}

function article(type: string): string {
  if (type === 'integer') return 'an integer';
  if (type === 'object' || type === 'array') return `an ${type}`;
  return `a ${type}`;
}
