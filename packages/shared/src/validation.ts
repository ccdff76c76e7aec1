/**
 * Turns JSON Schema validation errors (from Ajv on the server or TypeBox in the browser)
 * into the `errors` member of a problem answer: messages grouped by field name.
 */
import { STORABLE_TEXT_PATTERN } from './schemas.ts';

/** The part of an Ajv or TypeBox error this module reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

export type FieldErrors = Record<string, string[]>;

export function fieldErrors(errors: readonly SchemaError[]): FieldErrors {
  // A Map, so that a field named "__proto__" is just a name.
  const byField = new Map<string, string[]>();
  for (const error of errors) {
    for (const [field, message] of describe(error)) {
      const list = byField.get(field) ?? [];
      if (!list.includes(message)) list.push(message);
      byField.set(field, list);
    }
  }
  return Object.fromEntries(byField);
}

function describe(error: SchemaError): Array<[string, string]> {
  const field = fieldOf(error.instancePath);
  const p = error.params;
  switch (error.keyword) {
    case 'required': {
      const names = asList(p.missingProperty ?? p.requiredProperties);
      return names.map((name) => [name, 'is required']);
    }
    case 'additionalProperties': {
      const names = asList(p.additionalProperty ?? p.additionalProperties);
      return names.map((name) => [joinField(field, name), 'is not a known field']);
    }
    case 'type':
      return [[field, `must be ${article(String(p.type))}`]];
    case 'minimum':
      return [[field, `must be at least ${String(p.limit)}`]];
    case 'exclusiveMinimum':
      return [[field, `must be greater than ${String(p.limit)}`]];
    case 'maximum':
      return [[field, `must be at most ${String(p.limit)}`]];
    case 'exclusiveMaximum':
      return [[field, `must be less than ${String(p.limit)}`]];
    case 'maxLength':
      return [[field, `must be at most ${String(p.limit)} characters long`]];
    case 'minLength':
      return [[field, `must be at least ${String(p.limit)} characters long`]];
    case 'enum':
      return [[field, `must be one of: ${asList(p.allowedValues).join(', ')}`]];
    case 'format':
      return [[field, `must be a valid ${String(p.format)}`]];
    case 'pattern':
      return [
        [
          field,
          p.pattern === STORABLE_TEXT_PATTERN
            ? 'must not contain NUL characters or unpaired UTF-16 surrogates'
            : 'has an invalid form',
        ],
      ];
    case 'maxItems':
      return [[field, `must have at most ${String(p.limit)} items`]];
    // TypeBox reports "schema is false" beside additionalProperties; the latter says it better.
    case 'boolean':
      return [];
    default:
      return [[field, error.message ?? 'is invalid']];
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
