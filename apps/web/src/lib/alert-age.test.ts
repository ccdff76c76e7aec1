import { describe, expect, it } from 'vitest';
import { alertAge, isPast } from './alert-age.ts';

const NOW = Date.parse('2026-05-20T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const seen = (ago: number, animal = 'boar', votes: { stillThere?: number; gone?: number } = {}) => ({
  animal,
  lastSeenAt: new Date(NOW - ago).toISOString(),
  stillThere: votes.stillThere ?? 0,
  gone: votes.gone ?? 0,
});

describe('alertAge', () => {
  // A boar stays fresh for 6 hours (the catalogue's freshHours): full strength for the first
  // half, then fading in three steps, past from the sixth hour on.
  it.each([
    [0, 'fresh', 1],
    [-5 * MIN, 'fresh', 1],
    [3 * HOUR - 1, 'fresh', 1],
    [3 * HOUR, 'fading', 0.85],
    [4 * HOUR - 1, 'fading', 0.85],
    [4 * HOUR, 'fading', 0.7],
    [5 * HOUR, 'fading', 0.55],
    [6 * HOUR - 1, 'fading', 0.55],
    [6 * HOUR, 'past', 1],
    [30 * 24 * HOUR, 'past', 1],
  ] as const)('a boar last seen %i ms ago is %s (opacity %d)', (ago, state, opacity) => {
    expect(alertAge(seen(ago), NOW)).toEqual({ state, opacity });
  });

  it("goes by each animal's own time: a hare is past after 2 hours, a beaver is still fresh after 12", () => {
    expect(alertAge(seen(2 * HOUR, 'hare'), NOW).state).toBe('past');
    expect(alertAge(seen(HOUR + 30 * MIN, 'hare'), NOW).state).toBe('fading');
    expect(alertAge(seen(12 * HOUR, 'beaver'), NOW).state).toBe('fresh');
    // An unknown animal ages as "other" (6 hours).
    expect(alertAge(seen(6 * HOUR, 'dragon'), NOW).state).toBe('past');
    expect(alertAge(seen(HOUR, 'dragon'), NOW).state).toBe('fresh');
  });

  it('is past, however fresh, once "gone" outweighs the report and its "still there" votes by two networks', () => {
    // The report is its reporter's "still there": one network, or two, saying "gone" against it is not enough.
    expect(isPast(seen(MIN, 'boar', { gone: 1 }), NOW)).toBe(false);
    expect(isPast(seen(MIN, 'boar', { gone: 2 }), NOW)).toBe(false);
    expect(isPast(seen(MIN, 'boar', { gone: 3 }), NOW)).toBe(true);
    // Each "still there" asks one "gone" more.
    expect(isPast(seen(MIN, 'boar', { stillThere: 1, gone: 3 }), NOW)).toBe(false);
    expect(isPast(seen(MIN, 'boar', { stillThere: 1, gone: 4 }), NOW)).toBe(true);
    expect(isPast(seen(MIN, 'boar', { stillThere: 2, gone: 4 }), NOW)).toBe(false);
    expect(alertAge(seen(4 * HOUR, 'boar', { gone: 2 }), NOW)).toEqual({ state: 'fading', opacity: 0.7 });
  });

  it('counts an unreadable time as out of date', () => {
    expect(isPast({ ...seen(0), lastSeenAt: 'not a time' }, NOW)).toBe(true);
  });
});
