/** The API contract: TypeBox schemas (JSON Schema at run time) and their static types. */
import { Type, type Static } from 'typebox';
import { OfficialStatusSchema } from './official-status.ts';
import { AlertPlaceSchema } from './alert-place.ts';
import { ANIMAL_KEYS, SAFETY_ADVICE } from './animals.ts';
import { LICENCES } from './licences.ts';
import { HOW_MANY } from './sighting-codes.ts';
import { VerificationFilterSchema, VerificationSchema } from './verification.ts';
import { FIELD_ERROR_CODES, type FieldErrorCode } from './field-error-codes.ts';
import { SightingFields, SightingSchema } from './sighting.ts';
import {
  COMMENTS_MAX_LENGTH,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  MAX_ZOOM,
  RADIUS_DEFAULT_KM,
  RADIUS_MAX_KM,
  REPORT_REASON_MAX_LENGTH,
} from './constants.ts';
import { TILE_CELL_BITS, TILE_MIN_ZOOM } from './tiles.ts';

/**
 * Text that PostgreSQL can store as written: no NUL character and no lone UTF-16
 * surrogate (either would be refused or silently replaced). Compiled with the `u` flag,
 * so a surrogate pair (an emoji) is one code point and passes.
 */
export const STORABLE_TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

export const AnimalKeySchema = Type.Enum([...ANIMAL_KEYS], {
  description: 'A key from GET /Animals',
});

export const LatitudeSchema = Type.Number({ minimum: -90, maximum: 90, description: 'WGS 84 degrees' });
export const LongitudeSchema = Type.Number({ minimum: -180, maximum: 180, description: 'WGS 84 degrees' });

const LicenceSchema = Type.Enum([...LICENCES], {
  description:
    'The licence the reporter gives the sighting as open data: `CC0-1.0` or `CC-BY-4.0` (SPDX). ' +
    'Only licensed alerts go into the Darwin Core Archive (GET /exports/dwca.zip).',
});

const CommentsSchema = Type.String({
  maxLength: COMMENTS_MAX_LENGTH,
  pattern: STORABLE_TEXT_PATTERN,
  description: `Free text, at most ${COMMENTS_MAX_LENGTH} characters`,
});

/** A photo of an alert: the server's copies (WebP, no metadata), never the original. */
const PhotoSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    thumbnailUrl: Type.String({ description: 'A copy whose long side is at most 320 px, for lists and popups' }),
    url: Type.String({ description: 'A copy whose long side is at most 1280 px' }),
    width: Type.Integer({ minimum: 1, description: 'Of the larger copy, in pixels' }),
    height: Type.Integer({ minimum: 1, description: 'Of the larger copy, in pixels' }),
  },
  { additionalProperties: false },
);
export type Photo = Static<typeof PhotoSchema>;

export const AlertSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    animal: Type.String({ description: 'A key from GET /Animals' }),
    comments: Type.String(),
    createdAt: Type.String({ format: 'date-time', description: 'Set by the server, UTC' }),
    photos: Type.Array(PhotoSchema, { maxItems: 3, description: 'Its photos, in the order they were added (none hidden)' }),
    stillThere: Type.Integer({ minimum: 0, description: 'Networks that confirmed the animal is still there (POST /Alerts/{id}/votes)' }),
    gone: Type.Integer({ minimum: 0, description: 'Networks that said the animal has gone' }),
    lastSeenAt: Type.String({
      format: 'date-time',
      description: 'When the animal was last seen there: the newest "still there", else createdAt (UTC)',
    }),
    ...SightingSchema.properties,
    place: AlertPlaceSchema,
    officialStatus: OfficialStatusSchema,
    licence: Type.Union([LicenceSchema, Type.Null()], { description: 'The licence the reporter gave (`CC0-1.0`, `CC-BY-4.0`), null when none' }),
    verification: VerificationSchema,
  },
  { $id: 'Alert', additionalProperties: false },
);
export type Alert = Static<typeof AlertSchema>;

export const CreateAlertBodySchema = Type.Object(
  {
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    animal: AnimalKeySchema,
    comments: Type.Optional(CommentsSchema),
    howMany: Type.Optional(SightingFields.howMany),
    young: Type.Optional(SightingFields.young),
    behaviour: Type.Optional(SightingFields.behaviour),
    licence: Type.Optional(LicenceSchema),
  },
  { additionalProperties: false },
);
export type CreateAlertBody = Static<typeof CreateAlertBodySchema>;

/**
 * GET /Alerts query. Names are matched case-insensitively by the server, so they are
 * declared here in lower case.
 */
export const AlertsQuerySchema = Type.Object(
  {
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    radius: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: RADIUS_MAX_KM,
        default: RADIUS_DEFAULT_KM,
        description: 'Kilometres, great-circle distance',
      }),
    ),
    animal: Type.Optional(
      Type.Array(AnimalKeySchema, { description: 'Repeat the parameter for several animals' }),
    ),
    since: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601, inclusive' })),
    verification: Type.Optional(VerificationFilterSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT })),
  },
  { additionalProperties: false },
);
/** GET /Alerts query as a client may send it: `radius` and `limit` may be left out. */
export type AlertsQueryInput = Static<typeof AlertsQuerySchema>;
/** GET /Alerts query once validated: the defaults are filled in. */
export type AlertsQuery = AlertsQueryInput & { radius: number; limit: number };

export const AlertListResponseSchema = Type.Object({
  data: Type.Array(AlertSchema),
  truncated: Type.Boolean({ description: 'More alerts matched than `limit`' }),
});
export type AlertListResponse = Static<typeof AlertListResponseSchema>;

/** One alert as a GeoJSON Feature at its public point (GET /Alerts.geojson, the OGC API's items). */
export const AlertFeatureSchema = Type.Object({
  type: Type.Literal('Feature'),
  id: Type.String({ format: 'uuid' }),
  geometry: Type.Object({
    type: Type.Literal('Point'),
    // prefixItems (JSON Schema 2020-12, as OpenAPI 3.1 uses): TypeBox's Tuple writes the
    // draft-07 array form of `items`, which 2020-12 and OpenAPI 3.1 refuse.
    coordinates: Type.Unsafe<[number, number]>({
      type: 'array',
      prefixItems: [LongitudeSchema, LatitudeSchema],
      minItems: 2,
      maxItems: 2,
      description: '[longitude, latitude]',
    }),
  }),
  properties: Type.Object({
    id: Type.String({ format: 'uuid' }),
    animal: Type.String({ description: 'A key from GET /Animals' }),
    comments: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    photos: Type.Array(PhotoSchema),
    officialStatus: OfficialStatusSchema,
    place: AlertPlaceSchema,
    verification: VerificationSchema,
  }),
});

/** GET /Alerts.geojson: the same alerts as a GeoJSON FeatureCollection (RFC 7946). */
export const AlertsGeoJsonSchema = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(AlertFeatureSchema),
});
export type AlertsGeoJson = Static<typeof AlertsGeoJsonSchema>;

export const AlertResponseSchema = Type.Object({ data: AlertSchema });
export type AlertResponse = Static<typeof AlertResponseSchema>;

export const PhotoResponseSchema = Type.Object({ data: PhotoSchema });
export const PhotoListResponseSchema = Type.Object({ data: Type.Array(PhotoSchema) });

/** POST /Alerts/{id}/reports: a visitor flags an alert as abusive ("Zgłoś nadużycie"). */
export const CreateReportBodySchema = Type.Object(
  {
    reason: Type.Optional(
      Type.String({
        maxLength: REPORT_REASON_MAX_LENGTH,
        pattern: STORABLE_TEXT_PATTERN,
        description: `Why, in the visitor's words; at most ${REPORT_REASON_MAX_LENGTH} characters`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateReportBody = Static<typeof CreateReportBodySchema>;

const ReportSchema = Type.Object({
  alertId: Type.String({ format: 'uuid' }),
  reason: Type.String(),
  reportedAt: Type.String({ format: 'date-time' }),
});
export type Report = Static<typeof ReportSchema>;

export const ReportResponseSchema = Type.Object({ data: ReportSchema });
export type ReportResponse = Static<typeof ReportResponseSchema>;

const AnimalSchema = Type.Object({
  key: Type.String(),
  namePl: Type.String(),
  nameEn: Type.String(),
  nameUk: Type.String(),
  scientificName: Type.String({ description: 'Darwin Core scientificName, without authorship: a species, or a genus or higher where the common name does not say which' }),
  taxonRank: Type.String({ description: 'Darwin Core taxonRank of scientificName: `species`, `genus`, `kingdom`…' }),
  kingdom: Type.String({ description: 'Darwin Core kingdom' }),
  sensitive: Type.Boolean({ description: 'Public reads show a coarsened location' }),
  freshHours: Type.Integer({
    minimum: 1,
    description: 'Hours after its last confirmation (lastSeenAt) that a sighting is probably out of date',
  }),
  advice: Type.Array(Type.Enum([...SAFETY_ADVICE]), {
    description: 'Safety advice for people who meet it, most important first, as codes: ' + SAFETY_ADVICE.map((c) => '`' + c + '`').join(', '),
  }),
  expectedInCity: Type.Boolean({ description: 'Seen in a city centre at all; a report of one that is not there waits for a look before it pushes anyone' }),
  usualMost: Type.Enum([...HOW_MANY], { description: 'The most usually seen together (`howMany`); a report of more waits for a look' }),
  rare: Type.Boolean({ description: "Rare here; a network's first report of it waits for a look" }),
});
export const AnimalListResponseSchema = Type.Object({ data: Type.Array(AnimalSchema) });

export const HealthResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Object({
    engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    up: Type.Boolean(),
    storageFull: Type.Optional(
      Type.Literal(true, { description: 'Present when writes fail for lack of disk space (reads may still work)' }),
    ),
  }),
  alerts: Type.Optional(Type.Integer({ description: 'Visible alerts stored' })),
  version: Type.String(),
});
export type HealthResponse = Static<typeof HealthResponseSchema>;

/** One thing wrong with one field of a request: a stable code, its parameters, and a message. */
const FieldErrorSchema = Type.Object(
  {
    code: Type.Enum(Object.keys(FIELD_ERROR_CODES) as FieldErrorCode[], {
      description: `Stable, for programs (translate it, don't parse \`message\`):\n${Object.entries(FIELD_ERROR_CODES)
        .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
        .join('\n')}`,
    }),
    message: Type.String({ description: 'For people, in the language `Accept-Language` asks for (English, Polish or Ukrainian; English otherwise)' }),
    limit: Type.Optional(Type.Number({ description: 'The bound crossed (too_small, too_large, too_short, too_long, too_many_items)' })),
    exclusive: Type.Optional(Type.Boolean({ description: 'Whether `limit` itself is outside the allowed range' })),
    allowed: Type.Optional(Type.Array(Type.String(), { description: 'The values allowed (not_allowed)' })),
    type: Type.Optional(Type.String({ description: 'The JSON type expected (wrong_type)' })),
    format: Type.Optional(Type.String({ description: 'The format expected (wrong_format)' })),
  },
  { additionalProperties: false },
);

/** RFC 9457 problem details, the body of every error answer. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Record(Type.String(), Type.Array(FieldErrorSchema), {
        description: 'What is wrong with each field, by field name (dotted for nested fields: `keys.auth`)',
      }),
    ),
  },
  { $id: 'Problem' },
);
export type Problem = Static<typeof ProblemSchema>;

/** GET /Alerts/stream query: the area (and animals) to watch. */
export const AlertsStreamQuerySchema = Type.Object(
  {
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    radius: AlertsQuerySchema.properties.radius,
    animal: AlertsQuerySchema.properties.animal,
    lasteventid: Type.Optional(
      Type.String({
        pattern: '^\\d{1,15}$',
        description: 'Where to resume, for a client that cannot send the Last-Event-ID header (the header wins)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** GET /Alerts/tiles/{z}/{x}/{y}: which tile (OpenStreetMap's z/x/y scheme). */
export const TileParamsSchema = Type.Object({
  z: Type.Integer({ minimum: TILE_MIN_ZOOM, maximum: MAX_ZOOM, description: `Zoom, ${TILE_MIN_ZOOM} to ${MAX_ZOOM}` }),
  x: Type.Integer({ minimum: 0, description: 'Column, 0 to 2^z − 1, from 180° W eastwards' }),
  y: Type.Integer({ minimum: 0, description: 'Row, 0 to 2^z − 1, from 85.05° N southwards' }),
});

/** GET /Alerts/tiles/{z}/{x}/{y}: the filters of GET /Alerts, without the area. */
export const TileQuerySchema = Type.Object(
  {
    animal: AlertsQuerySchema.properties.animal,
    since: AlertsQuerySchema.properties.since,
    verification: AlertsQuerySchema.properties.verification,
  },
  { additionalProperties: false },
);
export type TileQuery = Static<typeof TileQuerySchema>;

const ClusterSchema = Type.Object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  count: Type.Integer({ minimum: 2, description: 'How many alerts, exactly' }),
  animals: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
    description: 'How many of them per animal (keys from GET /Animals)',
  }),
  spot: Type.Boolean({ description: 'All of them at one point: zooming in cannot split them' }),
});
export type Cluster = Static<typeof ClusterSchema>;

export const TileResponseSchema = Type.Object({
  alerts: Type.Array(AlertSchema, {
    description: `The alerts alone in their cell (of ${2 ** TILE_CELL_BITS} × ${2 ** TILE_CELL_BITS} per tile), newest first`,
  }),
  clusters: Type.Array(ClusterSchema, {
    description: "The cells holding two or more alerts, each at its alerts' mean point",
  }),
  newest: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: "The newest alert's createdAt, null when the tile is empty: a live alert newer than this is not counted yet",
  }),
});
export type TileResponse = Static<typeof TileResponseSchema>;
