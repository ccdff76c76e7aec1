/**
 * Official notices (issue 33): an organisation tells everyone in an area something for a while
 * ("Odłów dzików w Lasku Wolskim do 18:00 — omijaj teren"). Shown on the map and the list while in
 * force, pushed once to the area's push subscribers, gone when they end.
 */
import { Type, type Static } from 'typebox';
import { CircleSchema, PolygonSchema } from './areas.ts';
import { NamesSchema } from './names.ts';
import { LatitudeSchema, LongitudeSchema } from './schemas.ts';
import { RADIUS_DEFAULT_KM, RADIUS_MAX_KM } from './constants.ts';
import { NOTICE_RADIUS_MAX_KM, NOTICE_TEXT_MAX } from './notice-limits.ts';

const NoticeTextLine = Type.String({ minLength: 1, maxLength: NOTICE_TEXT_MAX });

const NoticeTextSchema = Type.Object(
  { pl: Type.Optional(NoticeTextLine), en: Type.Optional(NoticeTextLine), uk: Type.Optional(NoticeTextLine) },
  { additionalProperties: false, minProperties: 1, description: `What it says, in one or more of pl, en, uk (at most ${NOTICE_TEXT_MAX} characters each)` },
);

const NoticeAreaSchema = Type.Union(
  [
    Type.Object(
      { ...CircleSchema.properties, radiusKm: Type.Number({ exclusiveMinimum: 0, maximum: NOTICE_RADIUS_MAX_KM }) },
      { additionalProperties: false, description: `A circle of at most ${NOTICE_RADIUS_MAX_KM} km` },
    ),
    PolygonSchema,
  ],
  { description: `Where it applies: a circle {latitude, longitude, radiusKm} or a GeoJSON Polygon no larger than a ${NOTICE_RADIUS_MAX_KM} km circle` },
);

export const NoticeBodySchema = Type.Object(
  {
    text: NoticeTextSchema,
    area: NoticeAreaSchema,
    startsAt: Type.Optional(Type.String({ format: 'date-time', description: 'When it comes into force; now when left out' })),
    endsAt: Type.String({ format: 'date-time', description: 'When it ends: after startsAt, at most 7 days later, in the future' }),
  },
  { additionalProperties: false },
);
export type NoticeBody = Static<typeof NoticeBodySchema>;

export const NoticeSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    organisation: Type.Object({ id: Type.String({ format: 'uuid' }), name: NamesSchema }, { additionalProperties: false }),
    text: NoticeTextSchema,
    area: NoticeAreaSchema,
    startsAt: Type.String({ format: 'date-time' }),
    endsAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type Notice = Static<typeof NoticeSchema>;

export const NoticeListResponseSchema = Type.Object({ data: Type.Array(NoticeSchema) });
export type NoticeListResponse = Static<typeof NoticeListResponseSchema>;

export const NoticesQuerySchema = Type.Object(
  {
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    radius: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: RADIUS_MAX_KM, default: RADIUS_DEFAULT_KM, description: 'Kilometres: notices whose area meets this circle' }),
    ),
  },
  { additionalProperties: false },
);
