import { afterAll, describe, expect, it } from 'vitest';
import { activate } from '../i18n/i18n.ts';
import { clockTime, formatCoordinates, inTime, relativeTime, sightingLine } from './format.ts';

const NOW = Date.parse('2026-05-20T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'przed chwilą'],
    [59_000, 'przed chwilą'],
    [-30_000, 'przed chwilą'],
    [MIN, '1 minutę temu'],
    [5 * MIN, '5 minut temu'],
    [22 * MIN, '22 minuty temu'],
    [HOUR, '1 godzinę temu'],
    [3 * HOUR + 40 * MIN, '3 godziny temu'],
    [5 * HOUR, '5 godzin temu'],
    [DAY, 'wczoraj'],
    [47 * HOUR, 'wczoraj'],
    [2 * DAY, 'przedwczoraj'],
    [3 * DAY, '3 dni temu'],
    [7 * DAY, 'w zeszłym tygodniu'],
    [14 * DAY, '2 tygodnie temu'],
    [60 * DAY, '2 miesiące temu'],
    [400 * DAY, 'w zeszłym roku'],
    [5 * 365 * DAY, '5 lat temu'],
  ])('%i ms ago reads "%s"', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(text);
  });

  it('says nothing for a time it cannot read', () => {
    expect(relativeTime('yesterday', NOW)).toBe('');
  });
});

describe('formatCoordinates', () => {
  it('writes "latitude, longitude" with at most 6 decimals and no trailing zeros', () => {
    expect(formatCoordinates(50.049683, 19.944544)).toBe('50.049683, 19.944544');
    expect(formatCoordinates(50.0496834999, 19.9445449)).toBe('50.049683, 19.944545');
    expect(formatCoordinates(50.5, -0.1)).toBe('50.5, -0.1');
    expect(formatCoordinates(-90, 180)).toBe('-90, 180');
    expect(formatCoordinates(1e-7, 0)).toBe('0, 0');
  });
});

describe('clockTime', () => {
  it('gives the time of day for today, and the day too for an earlier one', () => {
    const now = new Date(2025, 10, 24, 14, 30).getTime();
    expect(clockTime(new Date(2025, 10, 24, 9, 5).getTime(), now)).toBe('09:05');
    expect(clockTime(new Date(2025, 10, 23, 21, 40).getTime(), now)).toBe('23.11, 21:40');
  });
});

describe('inTime', () => {
  it('says a wait in seconds, minutes, or for a daily limit hours, never rounding it down', () => {
    expect(inTime(30)).toBe('za 30 sekund');
    expect(inTime(61)).toBe('za 61 sekund');
    expect(inTime(120)).toBe('za 2 minuty');
    expect(inTime(89 * 60)).toBe('za 89 minut');
    expect(inTime(23 * 3600 + 1)).toBe('za 24 godziny');
  });
});

describe('in English and Ukrainian', () => {
  afterAll(() => activate('pl'));

  it.each([
    ['en', 'just now', '3 hours ago', 'yesterday', '5 days ago', 'in 2 minutes'],
    ['uk', 'щойно', '3 години тому', 'учора', '5 днів тому', 'через 2 хвилини'],
  ] as const)('%s: relative times and waits through Intl', async (lang, justNow, hours, day, days, wait) => {
    await activate(lang);
    expect(relativeTime(ago(0), NOW)).toBe(justNow);
    expect(relativeTime(ago(3 * HOUR), NOW)).toBe(hours);
    expect(relativeTime(ago(DAY), NOW)).toBe(day);
    expect(relativeTime(ago(5 * DAY), NOW)).toBe(days);
    expect(inTime(120)).toBe(wait);
  });
});

describe('sightingLine', () => {
  afterAll(() => activate('pl'));

  it('joins what was said, in the order how many · young · behaviour', () => {
    expect(sightingLine({ howMany: 'two-to-five', young: true, behaviour: 'aggressive' })).toBe('2–5 zwierząt · z młodymi · agresywne');
    expect(sightingLine({ howMany: null, young: false, behaviour: 'dead-on-road' })).toBe('bez młodych · martwe na drodze');
    expect(sightingLine({ howMany: 'one', young: null, behaviour: null })).toBe('1 zwierzę');
  });

  it('is empty when nothing was said', () => {
    expect(sightingLine({ howMany: null, young: null, behaviour: null })).toBe('');
  });

  it('speaks the active language', async () => {
    await activate('uk');
    expect(sightingLine({ howMany: 'more', young: true, behaviour: 'crossing-road' })).toBe('понад 5 тварин · з малятами · переходить дорогу');
    await activate('en');
    expect(sightingLine({ howMany: 'more', young: null, behaviour: 'injured' })).toBe('over 5 animals · injured');
  });
});
