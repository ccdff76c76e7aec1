import { describe, expect, it } from 'vitest';
import { formatDistancePl } from './distance.ts';

describe('formatDistancePl', () => {
  it.each([
    [0, '0 m'],
    [347, '350 m'],
    [999, '1000 m'],
    [1000, '1 km'],
    [1234, '1,2 km'],
    [9960, '10 km'],
    [14_600, '15 km'],
  ])('%d m reads "%s"', (metres, text) => {
    expect(formatDistancePl(metres)).toBe(text);
  });
});
