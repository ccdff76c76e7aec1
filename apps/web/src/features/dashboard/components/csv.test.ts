import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes what needs it, leaves empty cells empty, ends lines with CRLF', () => {
    expect(toCsv([['Obszar', 'Zgłoszenia'], ['Dębniki, "Ruczaj"', 12], ['brak', null]])).toBe('Obszar,Zgłoszenia\r\n"Dębniki, ""Ruczaj""",12\r\nbrak,\r\n');
  });
});
