/**
 * AREAS_FILE, the dashboard's areas (districts): a GeoJSON FeatureCollection of named Polygons
 * and MultiPolygons, read and checked once at start, then copied into the database
 * (dashboard-repository.ts `replaceAreas`), where each alert is counted in one of them.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { ConfigError } from '../lib/config-error.ts';

/** The file bundled with the API: a small example for Kraków (docs/dashboard.md says how to get its districts). */
export const DEFAULT_AREAS_FILE = fileURLToPath(new URL('../../areas.geojson', import.meta.url));

const Position = Type.Array(Type.Number(), { minItems: 2 });
const Ring = Type.Array(Position, { minItems: 4 });
const GeometrySchema = Type.Union([
  Type.Object({ type: Type.Literal('Polygon'), coordinates: Type.Array(Ring, { minItems: 1 }) }),
  Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(Type.Array(Ring, { minItems: 1 }), { minItems: 1 }) }),
]);
const FeatureSchema = Type.Object({
  type: Type.Literal('Feature'),
  properties: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
  geometry: GeometrySchema,
});
const CollectionSchema = Type.Object({ type: Type.Literal('FeatureCollection'), features: Type.Array(Type.Unknown(), { minItems: 1 }) });

export type AreaFeature = Static<typeof FeatureSchema>;

/** The areas of `file` in its order, or a ConfigError naming the file and what is wrong in it. */
export function loadAreas(file: string): AreaFeature[] {
  const fail = (what: string) => new ConfigError(`Invalid configuration: AREAS_FILE ${file} ${what}`);
  let collection: unknown;
  try {
    collection = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail(`could not be read as JSON (${(error as Error).message})`);
  }
  if (!Value.Check(CollectionSchema, collection)) throw fail('is not a GeoJSON FeatureCollection with at least one feature');
  const names = new Set<string>();
  return collection.features.map((feature, i) => {
    if (!Value.Check(FeatureSchema, feature)) {
      const type = (feature as { geometry?: { type?: unknown } } | null)?.geometry?.type;
      // Exports of OpenStreetMap boundaries carry label points and admin centres besides the areas.
      if (typeof type === 'string' && type !== 'Polygon' && type !== 'MultiPolygon') {
        throw fail(`feature ${i} is a ${type}: only Polygon and MultiPolygon features may be in it (remove the others)`);
      }
      throw fail(`feature ${i} is not a Feature with a name (properties.name) and a Polygon or MultiPolygon geometry`);
    }
    const { name } = feature.properties;
    if (names.has(name)) throw fail(`names ${JSON.stringify(name)} twice: each area's name must be its own`);
    names.add(name);
    return { type: 'Feature', properties: { name }, geometry: feature.geometry };
  });
}
