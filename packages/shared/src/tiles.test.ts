import { describe, expect, it } from 'vitest';
import { gridOf, tileBounds, tilesInView } from './tiles.ts';

describe('tiles', () => {
  it("finds OpenStreetMap's tile of a point", () => {
    // https://tile.openstreetmap.org/13/4549/2776.png shows Kraków's Old Town.
    expect(gridOf(50.0614, 19.9366, 13)).toEqual({ x: 4549, y: 2776 });
    expect(gridOf(0, 0, 0)).toEqual({ x: 0, y: 0 });
  });

  it('puts a point in the tile whose edges hold it, and its cell in that tile', () => {
    for (const [lat, lon, z] of [[50.0614, 19.9366, 13], [-33.86, 151.2, 9], [64.1, -21.9, 17]] as const) {
      const { x, y } = gridOf(lat, lon, z);
      const b = tileBounds(z, x, y);
      expect(lon >= b.west && lon < b.east && lat > b.south && lat <= b.north).toBe(true);
      const cell = gridOf(lat, lon, z, 2);
      expect([Math.floor(cell.x / 4), Math.floor(cell.y / 4)]).toEqual([x, y]);
    }
  });

  it('spans the world at zoom 0, up to where Web Mercator stops', () => {
    const b = tileBounds(0, 0, 0);
    expect(b.west).toBe(-180);
    expect(b.east).toBe(180);
    expect(b.north).toBeCloseTo(85.0511, 4);
    expect(b.south).toBeCloseTo(-85.0511, 4);
  });
});

describe('tilesInView', () => {
  it('covers a phone screen and its margin with 512-pixel tiles one zoom out: 2 × 3 at most, each once', () => {
    const tiles = tilesInView({ latitude: 50.0614, longitude: 19.9366 }, 13, 360, 640);
    expect(tiles.length).toBeGreaterThanOrEqual(2);
    expect(tiles.length).toBeLessThanOrEqual(6);
    expect(new Set(tiles.map((t) => `${t.x}/${t.y}`)).size).toBe(tiles.length);
    expect(tiles).toContainEqual({ z: 12, ...gridOf(50.0614, 19.9366, 12) });
  });

  it('wraps around the antimeridian and the whole world at zoom 0 is one tile', () => {
    expect(tilesInView({ latitude: 0, longitude: 0 }, 0, 1280, 800)).toEqual([{ z: 0, x: 0, y: 0 }]);
    expect(tilesInView({ latitude: 0, longitude: 0 }, 1, 1280, 800)).toEqual([{ z: 0, x: 0, y: 0 }]);
    const xs = tilesInView({ latitude: 0, longitude: 179.99 }, 4, 360, 640).map((t) => t.x);
    expect(new Set(xs)).toEqual(new Set([7, 0]));
  });
});
