import { describe, expect, it } from 'vitest';
import { nextArea } from './use-alerts-area.ts';

const area = { latitude: 50.0497, longitude: 19.9445 };
/** About `km` east of the area's centre (a degree of longitude is ~71.5 km at this latitude). */
const east = (km: number, zoom = 13) => ({ latitude: area.latitude, longitude: area.longitude + km / 71.5, zoom });

describe('nextArea', () => {
  it('keeps the area while what the map sees stays inside its 15 km', () => {
    expect(nextArea(area, east(5), 9_000)).toBe(area);
    expect(nextArea(area, east(14), 500)).toBe(area);
  });

  it('moves to the view once what the map sees reaches past the area', () => {
    expect(nextArea(area, east(7), 9_000)).toEqual({ latitude: area.latitude, longitude: east(7).longitude });
    expect(nextArea(area, east(16), 500)).toEqual({ latitude: area.latitude, longitude: east(16).longitude });
  });

  it('never moves for less than 250 m, however far the map sees', () => {
    expect(nextArea(area, east(0.2, 3), 2_000_000)).toBe(area);
    expect(nextArea(area, east(0.3, 3), 2_000_000)).not.toBe(area);
  });

  it('takes an unknown reach as the whole area: any real move loads the next one', () => {
    expect(nextArea(area, east(1), undefined)).not.toBe(area);
  });
});
