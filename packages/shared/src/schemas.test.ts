import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { ANIMALS, animalByKey, isAnimalKey } from './animals.ts';
import { CreateAlertBodySchema } from './schemas.ts';
import { fieldErrors } from './validation.ts';

const errorsOf = (value: unknown) => fieldErrors([...Value.Errors(CreateAlertBodySchema, value)]);

describe('CreateAlertBodySchema in the browser (TypeBox)', () => {
  it('accepts a valid alert, with or without comments', () => {
    expect(errorsOf({ latitude: 50, longitude: 19.9, animal: 'fox' })).toEqual({});
    expect(errorsOf({ latitude: 50, longitude: 19.9, animal: 'fox', comments: '🦊'.repeat(1000) })).toEqual({});
  });

  it('names each bad field with a readable message', () => {
    expect(errorsOf({ latitude: 91, animal: 'cat', comments: 'x'.repeat(1001), extra: 1 })).toEqual({
      latitude: [{ code: 'too_large', limit: 90, message: 'must be at most 90' }],
      longitude: [{ code: 'required', message: 'is required' }],
      animal: [{ code: 'not_allowed', allowed: expect.arrayContaining(['boar', 'fox']), message: expect.stringMatching(/^must be one of: boar, fox/) }],
      comments: [{ code: 'too_long', limit: 1000, message: 'must be at most 1000 characters long' }],
      extra: [{ code: 'unknown_field', message: 'is not a known field' }],
    });
  });

  it('refuses text PostgreSQL cannot store as written', () => {
    expect(errorsOf({ latitude: 1, longitude: 1, animal: 'fox', comments: 'a\u0000' }).comments).toEqual([
      { code: 'invalid_characters', message: 'must not contain NUL characters or unpaired UTF-16 surrogates' },
    ]);
    expect(errorsOf({ latitude: 1, longitude: 1, animal: 'fox', comments: '\ud83d' }).comments).toHaveLength(1);
  });

  it('keeps a field named __proto__ as a plain name', () => {
    const errors = errorsOf({ latitude: 1, longitude: 1, animal: 'fox', ['__proto__']: 1, ...JSON.parse('{"__proto__": 1}') });
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
});

describe('the animal catalogue', () => {
  it('has unique kebab-case keys, Polish and English names, and "other" last', () => {
    const keys = ANIMALS.map((a) => a.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of ANIMALS) {
      expect(a.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(a.namePl.length).toBeGreaterThan(1);
      expect(a.nameEn.length).toBeGreaterThan(1);
      expect(a.nameUk).toMatch(/^[А-ЯІЇЄҐ][а-яіїєґ' ]+$/);
    }
    expect(keys.at(-1)).toBe('other');
  });

  it('flags the protected species as sensitive', () => {
    expect(ANIMALS.filter((a) => a.sensitive).map((a) => a.key)).toEqual(['wolf', 'lynx', 'bear']);
  });

  it('looks names up by key, falling back to "other"', () => {
    expect(animalByKey('boar').namePl).toBe('Dzik');
    expect(animalByKey('unicorn').key).toBe('other');
    expect(isAnimalKey('fox')).toBe(true);
    expect(isAnimalKey('__proto__')).toBe(false);
  });
});
