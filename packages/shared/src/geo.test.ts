import { describe, expect, it } from 'vitest';
import { distanceMetres, formatDistancePl } from './geo.ts';

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
