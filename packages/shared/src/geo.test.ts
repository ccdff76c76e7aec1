import { describe, expect, it } from 'vitest';
import { distanceMetres, formatDistance } from './geo.ts';

describe('distanceMetres', () => {
  it('measures a great circle: a degree of a meridian is about 111.2 km, a degree of longitude shrinks with latitude', () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    expect(distanceMetres({ latitude: 60, longitude: 10 }, { latitude: 60, longitude: 11 })).toBeCloseTo(55_597, -2);
    const krakow = { latitude: 50.0614, longitude: 19.9366 };
    const warsaw = { latitude: 52.2297, longitude: 21.0122 };
    expect(distanceMetres(krakow, warsaw) / 1000).toBeCloseTo(252.5, 0);
    expect(distanceMetres(warsaw, krakow)).toBe(distanceMetres(krakow, warsaw));
  });
});

describe('formatDistance', () => {
  it.each([
    [0, '0 m', '0 m', '0 м'],
    [347, '350 m', '350 m', '350 м'],
    [999, '1000 m', '1000 m', '1000 м'],
    [1000, '1 km', '1 km', '1 км'],
    [1234, '1,2 km', '1.2 km', '1,2 км'],
    [9960, '10 km', '10 km', '10 км'],
    [14_600, '15 km', '15 km', '15 км'],
  ])('%d m reads "%s" in Polish, "%s" in English, "%s" in Ukrainian', (metres, pl, en, uk) => {
    expect(formatDistance(metres, 'pl')).toBe(pl);
    expect(formatDistance(metres, 'en')).toBe(en);
    expect(formatDistance(metres, 'uk')).toBe(uk);
  });
});
