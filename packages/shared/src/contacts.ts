/**
 * Whom to call about an animal (issue 19): a table of services, each for an area (a circle or
 * a GeoJSON polygon, or everywhere) and the behaviours it handles. The server's CONTACTS_FILE
 * holds it; GET /Contacts answers those for a place.
 */
import { Type, type Static } from 'typebox';
import { LatitudeSchema, LongitudeSchema } from './schemas.ts';
import { SightingFields } from './sighting.ts';
import { NamesSchema } from './names.ts';

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

/** One row of CONTACTS_FILE. */
export const ContactEntrySchema = Type.Object(
  {
    name: NamesSchema,
    phone: Type.String({ pattern: '^\\+?[0-9 ]{3,20}$', description: 'As dialled: 986, 112, +48 12 411 00 00' }),
    url: Type.Optional(Type.String({ pattern: '^https://' })),
    area: Type.Union([CircleSchema, PolygonSchema, Type.Null()], { description: 'Where it serves; null: everywhere' }),
    for: Type.Array(SightingFields.behaviour, { minItems: 1, description: 'The behaviours it is the one to call about' }),
  },
  { additionalProperties: false },
);
export type ContactEntry = Static<typeof ContactEntrySchema>;

export const ContactsQuerySchema = Type.Object(
  {
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    behaviour: Type.Optional(SightingFields.behaviour),
  },
  { additionalProperties: false },
);

export const ContactListResponseSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      name: NamesSchema,
      phone: Type.String(),
      url: Type.Optional(Type.String()),
      for: ContactEntrySchema.properties.for,
    }),
    { description: 'The services for the place, the most local first; a service for everywhere last' },
  ),
});
export type ContactListResponse = Static<typeof ContactListResponseSchema>;
