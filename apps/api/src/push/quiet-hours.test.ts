import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.ts';

describe('quietUntil', () => {
  const night = { start: '22:00', end: '07:00', timeZone: 'Europe/Warsaw' };

  it('holds a moment inside hours that span midnight until they end, in the local time zone', () => {
    // 23:30 in Warsaw (CET, UTC+1) is 22:30 UTC; the quiet ends at 07:00 CET, 06:00 UTC.
    expect(quietUntil(night, new Date('2026-01-10T22:30:00Z'))?.toISOString()).toBe('2026-01-11T06:00:00.000Z');
    expect(quietUntil(night, new Date('2026-01-11T05:59:00Z'))?.toISOString()).toBe('2026-01-11T06:00:00.000Z');
  });

  it('lets a moment outside them through', () => {
    expect(quietUntil(night, new Date('2026-01-11T06:00:00Z'))).toBeUndefined();
    expect(quietUntil(night, new Date('2026-01-10T12:00:00Z'))).toBeUndefined();
    expect(quietUntil({ start: '09:00', end: '17:00', timeZone: 'UTC' }, new Date('2026-01-10T17:00:00Z'))).toBeUndefined();
    expect(quietUntil({ start: '09:00', end: '17:00', timeZone: 'UTC' }, new Date('2026-01-10T09:00:00Z'))?.toISOString()).toBe(
      '2026-01-10T17:00:00.000Z',
    );
  });
});
