import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridOf, tileBounds, type TileResponse } from '@wildalert/shared';
import { gridCellCentre } from '../repositories/public-location.ts';
import { createTestApp, postAlert, staffToken, type TestApp } from '../../test/helpers.ts';

const exec = promisify(execFile);

let t: TestApp;
let moderator: Record<string, string> = {};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-mvt-'));
beforeAll(async () => {
  t = await createTestApp({});
  moderator = { authorization: `Bearer ${await staffToken(t.app)}` };
});
afterAll(async () => {
  await t.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Kraków at zoom 11: a tile of 8 × 8 cells.
const Z = 11;
const { x: X, y: Y } = gridOf(50.06, 19.94, Z);
const MVT_URL = `/Alerts/tiles/${Z}/${X}/${Y}.mvt`;
const BOUNDS = tileBounds(Z, X, Y);
/** A point of the tile, `fx` of its width from the west and `fy` of its height from the south. */
const at = (fx: number, fy: number) => ({
  latitude: BOUNDS.south + fy * (BOUNDS.north - BOUNDS.south),
  longitude: BOUNDS.west + fx * (BOUNDS.east - BOUNDS.west),
});
/** The wolf's point: 0.003° off the centre of its ~1 km cell, so that publishing it moves it. */
const WOLF = (() => {
  const centre = gridCellCentre(at(0.5, 0.5));
  return { latitude: centre.latitude + 0.003, longitude: centre.longitude + 0.003 };
})();

async function mvt(headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: MVT_URL, headers });
  return { res, etag: res.headers.etag as string | undefined, tile: res.statusCode === 200 ? new VectorTile(new PbfReader(res.rawPayload)) : undefined };
}

/** A layer's features: their properties, and their point in degrees. */
function features(tile: VectorTile, layer: string) {
  const l = tile.layers[layer];
  return Array.from({ length: l?.length ?? 0 }, (_, i) => {
    const feature = l!.feature(i).toGeoJSON(X, Y, Z);
    return { properties: feature.properties ?? {}, coordinates: (feature.geometry as GeoJSON.Point).coordinates as [number, number] };
  });
}

/** Half an MVT unit of this tile, in degrees of longitude: how far a point may move when written. */
const UNIT_DEG = 360 / 2 ** Z / 4096;

describe('GET /Alerts/tiles/{z}/{x}/{y}.mvt', () => {
  let wolfId = '';
  let hiddenId = '';

  beforeAll(async () => {
    // Three alerts far apart (each alone in its cell), a pair at one spot (a cluster), a wolf
    // (sensitive: published at its cell's centre), and one a moderator hid.
    await postAlert(t.app, { ...at(0.15, 0.15), animal: 'boar', comments: 'Dzik przy bloku', howMany: 'two-to-five' });
    await postAlert(t.app, { ...at(0.85, 0.2), animal: 'fox' });
    for (const animal of ['boar', 'hare']) await postAlert(t.app, { ...at(0.2, 0.8), animal });
    wolfId = (await postAlert(t.app, { ...WOLF, animal: 'wolf' })).id;
    hiddenId = (await postAlert(t.app, { ...at(0.8, 0.8), animal: 'badger' })).id;
    expect((await t.app.inject({ method: 'DELETE', url: `/Alerts/${hiddenId}`, headers: moderator })).statusCode).toBe(204);
  });

  it("holds the JSON tile's alerts and clusters, at their public points, read by @mapbox/vector-tile", async () => {
    const json = (await t.app.inject({ method: 'GET', url: `/Alerts/tiles/${Z}/${X}/${Y}` })).json<TileResponse>();
    const { res, tile } = await mvt();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const alerts = features(tile!, 'alerts');
    expect(alerts.map((f) => f.properties.id).sort()).toEqual(json.alerts.map((a) => a.id).sort());
    expect(alerts.map((f) => f.properties.id)).not.toContain(hiddenId);
    for (const a of json.alerts) {
      const f = alerts.find((g) => g.properties.id === a.id)!;
      const [lon, lat] = f.coordinates;
      expect(Math.abs(lon - a.longitude)).toBeLessThanOrEqual(UNIT_DEG);
      expect(Math.abs(lat - a.latitude)).toBeLessThanOrEqual(UNIT_DEG);
      expect(f.properties).toMatchObject({ animal: a.animal, comments: a.comments, createdAt: a.createdAt, stillThere: a.stillThere, gone: a.gone });
    }
    expect(alerts.find((f) => f.properties.animal === 'boar')!.properties.howMany).toBe('two-to-five');
    // The wolf at its cell's centre, never at the point given.
    const wolf = alerts.find((f) => f.properties.id === wolfId)!;
    const [wolfLon, wolfLat] = wolf.coordinates;
    const centre = gridCellCentre(WOLF);
    expect(Math.abs(wolfLon - centre.longitude)).toBeLessThanOrEqual(UNIT_DEG);
    expect(Math.abs(wolfLat - centre.latitude)).toBeLessThanOrEqual(UNIT_DEG);
    expect(Math.abs(wolfLon - WOLF.longitude) + Math.abs(wolfLat - WOLF.latitude)).toBeGreaterThan(20 * UNIT_DEG);
    const clusters = features(tile!, 'clusters').map((f) => f.properties);
    expect(clusters).toEqual(json.clusters.map((c) => ({ count: c.count, spot: c.spot, ...c.animals })));
    expect(clusters).toEqual([{ count: 2, spot: true, boar: 1, hare: 1 }]);
  });

  it("is read by GDAL's MVT driver, with the alerts' fields", async () => {
    const file = path.join(dir, 'tile.mvt');
    fs.writeFileSync(file, (await mvt()).res.rawPayload);
    const { stdout } = await exec('ogrinfo', ['-ro', '-al', '-so', '-oo', `X=${X}`, '-oo', `Y=${Y}`, '-oo', `Z=${Z}`, file]);
    expect(stdout).toMatch(/Layer name: alerts[\s\S]*Feature Count: 3\b/);
    expect(stdout).toMatch(/Layer name: clusters[\s\S]*Feature Count: 1\b/);
    for (const field of ['id', 'animal', 'comments', 'createdAt', 'stillThere', 'howMany']) expect(stdout).toContain(`\n${field}: `);
    expect(stdout).toMatch(/\ncount: Integer/);
    // The wolf's feature at its published point (GDAL answers in Web Mercator metres; read it back in degrees).
    const { stdout: wolf } = await exec('ogrinfo', ['-ro', '-q', '-oo', `X=${X}`, '-oo', `Y=${Y}`, '-oo', `Z=${Z}`, '-where', `id = '${wolfId}'`, file, 'alerts']);
    const [mx, my] = /POINT \(([-\d.]+) ([-\d.]+)\)/.exec(wolf)!.slice(1).map(Number) as [number, number];
    const lon = (mx / 20037508.342789244) * 180;
    const lat = (Math.atan(Math.sinh((my / 20037508.342789244) * Math.PI)) * 180) / Math.PI;
    const centre = gridCellCentre(WOLF);
    expect(Math.abs(lon - centre.longitude)).toBeLessThanOrEqual(UNIT_DEG);
    expect(Math.abs(lat - centre.latitude)).toBeLessThanOrEqual(UNIT_DEG);
  });

  it('answers 304 to its ETag until an alert in the tile is added, then the new tile holds it', async () => {
    const first = await mvt();
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(first.res.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    // Its own ETag: not the JSON tile's.
    const json = await t.app.inject({ method: 'GET', url: `/Alerts/tiles/${Z}/${X}/${Y}` });
    expect(json.headers.etag).not.toBe(first.etag);
    const repeat = await mvt({ 'if-none-match': first.etag! });
    expect(repeat.res.statusCode).toBe(304);
    expect(repeat.etag).toBe(first.etag);
    const added = await postAlert(t.app, { ...at(0.6, 0.15), animal: 'roe-deer' });
    const after = await mvt({ 'if-none-match': first.etag! });
    expect(after.res.statusCode).toBe(200);
    expect(after.etag).not.toBe(first.etag);
    expect(features(after.tile!, 'alerts').map((f) => f.properties.id)).toContain(added.id);
  });

  it('refuses a tile that does not exist, as the JSON tiles do', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/Alerts/tiles/2/4/0.mvt` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await t.app.inject({ method: 'GET', url: `/Alerts/tiles/2/1/x.mvt` })).statusCode).toBe(400);
  });
});
