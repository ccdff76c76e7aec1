import { afterAll, beforeAll, expect, it } from 'vitest';
import { gridOf, TILE_CELL_BITS, tileBounds } from '@wildalert/shared';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { CELL_X, CELL_Y } from './tiles-repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.dispose());

/** Points where the two could part: Kraków, cell edges (exactly and a hair either side), the antimeridian, far north and south. */
function samples(): Array<{ latitude: number; longitude: number; z: number }> {
  const points = [
    { latitude: 50.0614, longitude: 19.9366, z: 12 },
    { latitude: -33.86, longitude: 151.2, z: 9 },
    { latitude: 64.1, longitude: -21.9, z: 17 },
    { latitude: 84.9, longitude: 179.999999, z: 5 },
    { latitude: -84.9, longitude: -180, z: 3 },
    { latitude: 0, longitude: 0, z: 0 },
  ];
  for (const z of [7, 12, 16]) {
    const { x, y } = gridOf(50.0614, 19.9366, z, TILE_CELL_BITS);
    const b = tileBounds(z + TILE_CELL_BITS, x, y);
    for (const d of [0, 1e-9, -1e-9]) points.push({ latitude: b.north + d, longitude: b.west + d, z }, { latitude: b.south + d, longitude: b.east + d, z });
  }
  return points;
}

it("puts every point in the cell gridOf does: the map places a live alert in the server's cluster", async () => {
  const text = `SELECT ${CELL_X.replaceAll('$5', '$3')} AS x, ${CELL_Y.replaceAll('$5', '$3')} AS y
    FROM (SELECT ST_SetSRID(ST_MakePoint($1::float8, $2::float8), 4326)::geography AS public_location) a`;
  for (const p of samples()) {
    const [row] = await t.app.db.query<{ x: number; y: number }>(text, [p.longitude, p.latitude, 2 ** (p.z + TILE_CELL_BITS)]);
    expect({ ...p, ...row }).toEqual({ ...p, ...gridOf(p.latitude, p.longitude, p.z, TILE_CELL_BITS) });
  }
});
