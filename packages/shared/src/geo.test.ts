import { describe, expect, it } from 'vitest';
import { distanceMetres } from './geo.ts';

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
