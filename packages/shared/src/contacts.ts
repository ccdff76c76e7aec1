/**
 * Whom to call about an animal (issue 19): a table of services, each for an area (a circle or
 * a GeoJSON polygon, or everywhere) and the behaviours it handles. The server's CONTACTS_FILE
 * holds it; GET /Contacts answers those for a place.
 */
import { Type, type Static } from 'typebox';
import { CircleSchema, PolygonSchema } from './areas.ts';
import { AnimalKeySchema, LatitudeSchema, LongitudeSchema } from './schemas.ts';
import { SightingFields } from './sighting.ts';
import { NamesSchema } from './names.ts';
import { OpeningHoursSchema, RoutingRuleSchema } from './organisations.ts';

/**
 * One row of CONTACTS_FILE: an organisation as the first start copies it into the database
 * (issue 33). `rules`, `hours` and `inbox` are optional: a row without them is a number to call.
 */
export const ContactEntrySchema = Type.Object(
  {
    name: NamesSchema,
    phone: Type.Union([Type.String({ pattern: '^\\+?[0-9 ]{3,20}$' }), Type.Null()], {
      description: 'As dialled: 986, 112, +48 12 411 00 00; null: none to call',
    }),
    url: Type.Optional(Type.String({ pattern: '^https://' })),
    area: Type.Union([CircleSchema, PolygonSchema, Type.Null()], { description: 'Where it serves; null: everywhere' }),
    for: Type.Array(SightingFields.behaviour, { description: 'The behaviours it is the one to call about' }),
    rules: Type.Optional(Type.Array(RoutingRuleSchema, { maxItems: 20, description: 'What lands in its inbox; none by default' })),
    hours: Type.Optional(OpeningHoursSchema),
    inbox: Type.Optional(Type.Boolean({ description: 'Whether reports land in its inbox; false by default (a number to call only)' })),
  },
  { additionalProperties: false },
);
export type ContactEntry = Static<typeof ContactEntrySchema>;

export const ContactsQuerySchema = Type.Object(
  {
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    behaviour: Type.Optional(SightingFields.behaviour),
    animal: Type.Optional(AnimalKeySchema),
  },
  { additionalProperties: false },
);

export const ContactListResponseSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      name: NamesSchema,
      phone: Type.Union([Type.String(), Type.Null()], { description: 'null: none to call (the report is sent to its inbox)' }),
      url: Type.Optional(Type.String()),
      for: ContactEntrySchema.properties.for,
      organisationId: Type.String({ format: 'uuid' }),
      inbox: Type.Boolean({ description: 'Reports it handles land in its inbox' }),
      openNow: Type.Boolean({ description: "Within its hours now (in the server's TIME_ZONE): it reads its inbox" }),
    }),
    { description: 'The services for the place, the most local first; a service for everywhere last' },
  ),
});
export type ContactListResponse = Static<typeof ContactListResponseSchema>;
