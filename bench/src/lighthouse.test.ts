import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from './lighthouse.ts';

describe("Lighthouse's CPU calibration", () => {
  it.each([
    [150, 1],
    [800, 2],
    [1300, 3],
    [1533, 4],
    [2000, 6],
    [100, 1],
  ])('asks a host of benchmark index %i for a %i× slower CPU', (index, slowdown) => {
    expect(calibratedCpuSlowdown(index)).toBeCloseTo(slowdown, 1);
  });

  it('grows with the host’s speed, with no step between its brackets', () => {
    for (let index = 100; index < 3000; index += 10) {
      expect(calibratedCpuSlowdown(index + 10)).toBeGreaterThanOrEqual(calibratedCpuSlowdown(index));
      expect(calibratedCpuSlowdown(index + 10) - calibratedCpuSlowdown(index)).toBeLessThan(0.05);
    }
  });
});
