import { describe, expect, it } from 'vitest';
import { fieldError } from '@wildalert/shared';
import { CATALOGUES } from './catalogues.ts';
import { localizeFieldErrors, negotiateLanguage } from './language.ts';

const message = (language: 'pl' | 'uk' | 'en', limit: number) =>
  localizeFieldErrors({ comments: [fieldError({ code: 'too_long', limit })] }, language).comments![0]!.message;

describe('the API speaks the visitor language', () => {
  it('chooses Polish, English or Ukrainian from Accept-Language, English when none matches', () => {
    expect(negotiateLanguage('pl-PL,pl;q=0.9')).toBe('pl');
    expect(negotiateLanguage('de, uk;q=0.8, en;q=0.5')).toBe('uk');
    expect(negotiateLanguage('uk-UA')).toBe('uk');
    expect(negotiateLanguage('fr')).toBe('en');
    expect(negotiateLanguage('*')).toBe('en');
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('fr', 'pl')).toBe('pl');
  });

  it.each([
    [1, '1 znak', '1 символ'],
    [2, '2 znaki', '2 символи'],
    [5, '5 znaków', '5 символів'],
    [12, '12 znaków', '12 символів'],
    [22, '22 znaki', '22 символи'],
    [25, '25 znaków', '25 символів'],
  ])('writes the plural form of %i in Polish and Ukrainian', (limit, pl, uk) => {
    expect(message('pl', limit)).toBe(`może mieć najwyżej ${pl}`);
    expect(message('uk', limit)).toBe(`може містити щонайбільше ${uk}`);
  });

  it('has the same messages in each language', () => {
    const keys = Object.keys(CATALOGUES.en).sort();
    expect(Object.keys(CATALOGUES.pl).sort()).toEqual(keys);
    expect(Object.keys(CATALOGUES.uk).sort()).toEqual(keys);
  });

  it('writes the English of every code as the shared contract does', () => {
    const samples = [
      fieldError({ code: 'wrong_type', type: 'integer' }),
      fieldError({ code: 'wrong_type', type: 'string' }),
      fieldError({ code: 'too_small', limit: 0, exclusive: true }),
      fieldError({ code: 'too_large', limit: 90 }),
      fieldError({ code: 'not_allowed', allowed: ['boar', 'fox'] }),
      fieldError({ code: 'wrong_format', format: 'date-time' }),
      fieldError({ code: 'invalid_characters' }),
    ];
    expect(localizeFieldErrors({ x: samples }, 'en').x).toEqual(samples);
  });
});
