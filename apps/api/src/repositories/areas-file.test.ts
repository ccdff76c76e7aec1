import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/config-error.ts';
import { DEFAULT_AREAS_FILE, loadAreas } from './areas-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-areas-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const square = { type: 'Polygon', coordinates: [[[19.9, 50.0], [20.0, 50.0], [20.0, 50.1], [19.9, 50.0]]] };
const feature = (name: unknown, geometry: object = square) => ({ type: 'Feature', properties: { name, 'admin_level': '9' }, geometry });
const write = (content: unknown) => {
  const file = path.join(dir, `${Math.random()}.geojson`);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('AREAS_FILE', () => {
  it('bundles an example for Kraków: four named quarters', () => {
    expect(loadAreas(DEFAULT_AREAS_FILE).map((a) => a.properties.name)).toEqual(['Północny zachód', 'Północny wschód', 'Południowy zachód', 'Południowy wschód']);
  });

  it("keeps each area's name and shape in the file's order, and drops the rest of an export's properties", () => {
    const file = write({ type: 'FeatureCollection', features: [feature('Dębniki'), feature('Podgórze', { type: 'MultiPolygon', coordinates: [square.coordinates] })] });
    expect(loadAreas(file)).toEqual([
      { type: 'Feature', properties: { name: 'Dębniki' }, geometry: square },
      { type: 'Feature', properties: { name: 'Podgórze' }, geometry: { type: 'MultiPolygon', coordinates: [square.coordinates] } },
    ]);
  });

  it.each([
    ['not JSON', '{', 'could not be read as JSON'],
    ['not a FeatureCollection', { type: 'Feature' }, 'is not a GeoJSON FeatureCollection'],
    ['no features', { type: 'FeatureCollection', features: [] }, 'is not a GeoJSON FeatureCollection'],
    ['a label point', { type: 'FeatureCollection', features: [feature('Dębniki'), feature('Dębniki label', { type: 'Point', coordinates: [19.9, 50] })] }, 'feature 1 is a Point'],
    ['a feature without a name', { type: 'FeatureCollection', features: [feature(undefined)] }, 'feature 0 is not a Feature with a name'],
    ['a name twice', { type: 'FeatureCollection', features: [feature('Dębniki'), feature('Dębniki')] }, 'names "Dębniki" twice'],
  ])('refuses %s with a message naming the file', (_, content, message) => {
    const file = write(content);
    expect(() => loadAreas(file)).toThrow(ConfigError);
    expect(() => loadAreas(file)).toThrow(`AREAS_FILE ${file} ${message}`);
  });
});
