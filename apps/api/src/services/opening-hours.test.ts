import { describe, expect, it } from 'vitest';
import { isOpen } from './opening-hours.ts';

const WEEKDAYS_OFFICE = [{ days: [1, 2, 3, 4, 5], from: '07:30', to: '15:30' }];
const FRIDAY_NIGHT = [{ days: [5], from: '22:00', to: '06:00' }];

describe('isOpen', () => {
  it('is always open without hours', () => {
    expect(isOpen(null, 'Europe/Warsaw', new Date('2026-11-29T03:00:00Z'))).toBe(true);
  });

  it("reads the hours on the server's clocks, summer time and winter time alike", () => {
    // Monday 30 November 2026: 07:30 in Warsaw is 06:30 UTC (CET, UTC+1).
    expect(isOpen(WEEKDAYS_OFFICE, 'Europe/Warsaw', new Date('2026-11-30T06:29:00Z'))).toBe(false);
    expect(isOpen(WEEKDAYS_OFFICE, 'Europe/Warsaw', new Date('2026-11-30T06:30:00Z'))).toBe(true);
    expect(isOpen(WEEKDAYS_OFFICE, 'Europe/Warsaw', new Date('2026-11-30T14:29:00Z'))).toBe(true);
    expect(isOpen(WEEKDAYS_OFFICE, 'Europe/Warsaw', new Date('2026-11-30T14:30:00Z'))).toBe(false);
    // Monday 6 July 2026, CEST (UTC+2): 07:30 is 05:30 UTC.
    expect(isOpen(WEEKDAYS_OFFICE, 'Europe/Warsaw', new Date('2026-07-06T05:30:00Z'))).toBe(true);
    expect(isOpen(WEEKDAYS_OFFICE, 'UTC', new Date('2026-07-06T05:30:00Z'))).toBe(false);
    // Saturday 28 November 2026, noon.
    expect(isOpen(WEEKDAYS_OFFICE, 'Europe/Warsaw', new Date('2026-11-28T11:00:00Z'))).toBe(false);
  });

  it('lets a span run past midnight into the next day', () => {
    expect(isOpen(FRIDAY_NIGHT, 'UTC', new Date('2026-11-27T23:00:00Z'))).toBe(true); // Friday 23:00
    expect(isOpen(FRIDAY_NIGHT, 'UTC', new Date('2026-11-28T05:00:00Z'))).toBe(true); // Saturday 05:00
    expect(isOpen(FRIDAY_NIGHT, 'UTC', new Date('2026-11-27T05:00:00Z'))).toBe(false); // Friday 05:00
    expect(isOpen(FRIDAY_NIGHT, 'UTC', new Date('2026-11-28T23:00:00Z'))).toBe(false); // Saturday 23:00
  });

  it('takes 24:00 as the end of the day', () => {
    expect(isOpen([{ days: [6], from: '00:00', to: '24:00' }], 'UTC', new Date('2026-11-28T23:59:00Z'))).toBe(true);
  });
});
