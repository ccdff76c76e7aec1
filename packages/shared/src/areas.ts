/** Where an organisation serves (issue 33) or a contact is for: a circle or a GeoJSON polygon. */
import { Type } from 'typebox';
import { LatitudeSchema, LongitudeSchema } from './schemas.ts';

export const CircleSchema = Type.Object(
  { latitude: LatitudeSchema, longitude: LongitudeSchema, radiusKm: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }) },
  { additionalProperties: false },
);

export const PolygonSchema = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }), { minItems: 4 }), { minItems: 1 }),
  },
  { additionalProperties: false, description: 'A GeoJSON Polygon, [longitude, latitude] pairs' },
);
