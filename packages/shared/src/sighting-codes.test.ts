import { describe, expect, it } from 'vitest';
import { BEHAVIOURS, HOW_MANY } from './sighting-codes.ts';
import { SightingFields } from './sighting.ts';

/** The literals a TypeBox union of `Type.Literal`s accepts, in its order. */
const literals = (schema: { anyOf: readonly { const: unknown }[] }) => schema.anyOf.map((s) => s.const);

describe('sighting codes', () => {
  it('are the same codes, in the same order, as the API schema accepts', () => {
    expect([...HOW_MANY]).toEqual(literals(SightingFields.howMany as never));
    expect([...BEHAVIOURS]).toEqual(literals(SightingFields.behaviour as never));
  });
});
