import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_LONG_SIDE } from './downsize-photo.ts';

describe('fitWithin', () => {
  it("brings a phone photo's long side to 2048 px, either way round, keeping its proportions", () => {
    expect(MAX_LONG_SIDE).toBe(2048);
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(8000, 100)).toEqual({ width: 2048, height: 26 });
  });

  it('never enlarges a small photo, nor makes a side 0', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(2048, 2048)).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin(100_000, 1)).toEqual({ width: 2048, height: 1 });
  });
});
