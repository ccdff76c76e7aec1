/**
 * Place search (GET /places) and where an alert is in words (Alert `place`), both through the
 * server's geocoder (issue 34). Without one configured the search answers 404 and `place` stays null.
 */
import { Type, type Static } from 'typebox';
import { LatitudeSchema, LongitudeSchema } from './schemas.ts';
import { LANGUAGES } from './constants.ts';

/** How long a searched text may be: a place's name, an address. */
const PLACE_QUERY_MAX_LENGTH = 200;

export const PlaceSearchQuerySchema = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: PLACE_QUERY_MAX_LENGTH, pattern: '\\S', description: 'What to look for: a place, a street, an address' }),
    lang: Type.Optional(Type.Enum([...LANGUAGES], { description: "The language of the places' names; absent: the best match of Accept-Language, else Polish" })),
  },
  { additionalProperties: false },
);

const FoundPlaceSchema = Type.Object(
  {
    name: Type.String({ description: 'Its own name (Zakrzówek)' }),
    label: Type.String({ description: 'Its name with where it is (Zakrzówek, Dębniki, Kraków, …)' }),
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    bbox: Type.Union(
      [
        Type.Unsafe<[number, number, number, number]>({
          type: 'array',
          items: { type: 'number' },
          minItems: 4,
          maxItems: 4,
          description: '[south, west, north, east]',
        }),
        Type.Null(),
      ],
      { description: 'Its extent, to fit the map to; null: a point' },
    ),
  },
  { additionalProperties: false },
);
export type FoundPlace = Static<typeof FoundPlaceSchema>;

export const PlaceListResponseSchema = Type.Object({
  data: Type.Array(FoundPlaceSchema, { maxItems: 5, description: "The geocoder's best matches first" }),
});
export type PlaceListResponse = Static<typeof PlaceListResponseSchema>;
