/**
 * The contract of area alerts by web push (/PushSubscriptions): a device's push subscription
 * (as the browser's PushSubscription.toJSON() gives it) and the area it wants to hear about.
 */
import { Type, type Static } from 'typebox';
import { ANIMAL_KEYS } from './animals.ts';
import { LANGUAGES } from './constants.ts';
import { PUSH_RADIUS_MAX_KM, PUSH_RADIUS_MIN_KM } from './constants.ts';

const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$';

const EndpointSchema = Type.String({
  format: 'uri',
  minLength: 1,
  maxLength: 2048,
  description: "The push service's URL for this device: the subscription's only identifier",
});

/** The secret the browser made for this subscription: whoever holds it holds the subscription. */
const AuthSchema = Type.String({
  pattern: BASE64URL,
  minLength: 22,
  maxLength: 24,
  description: 'The subscription\'s 16-byte auth secret, base64url (`keys.auth` of PushSubscription.toJSON())',
});

const QuietHoursSchema = Type.Object(
  {
    start: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, local time' }),
    end: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, local time' }),
    timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. Europe/Warsaw' }),
  },
  { additionalProperties: false, description: 'Nothing is sent between start and end; what came meanwhile is summarised at the end' },
);
export type QuietHours = Static<typeof QuietHoursSchema>;

export const AreaProperties = {
  latitude: Type.Number({ minimum: -90, maximum: 90, description: 'WGS 84 degrees' }),
  longitude: Type.Number({ minimum: -180, maximum: 180, description: 'WGS 84 degrees' }),
  radius: Type.Number({
    minimum: PUSH_RADIUS_MIN_KM,
    maximum: PUSH_RADIUS_MAX_KM,
    description: `Kilometres (${PUSH_RADIUS_MIN_KM} to ${PUSH_RADIUS_MAX_KM}), great-circle distance`,
  }),
};

/** Which animals an area subscription (push or e-mail) hears about. */
export const AnimalsFilterSchema = Type.Union([
  Type.Array(Type.Enum([...ANIMAL_KEYS]), { minItems: 1, uniqueItems: true, description: 'Keys from GET /Animals' }),
  Type.Null(),
], { description: 'Only these animals; null or absent for every animal' });

/** POST /PushSubscriptions: subscribe a device, or change its area (the same endpoint and auth). */
/**
 * Which reports an area subscription hears of (issue 35): `every` (a report that failed a
 * plausibility check only once it is likely or confirmed), or `likely-and-confirmed` only (told
 * when a report becomes likely, confirmed or corrected).
 */
const REPORTS_CHOICES = ['every', 'likely-and-confirmed'] as const;
export const ReportsChoiceSchema = Type.Enum([...REPORTS_CHOICES], {
  default: 'every',
  description: '`every` report (one that failed a plausibility check once it is likely or confirmed), or `likely-and-confirmed` only',
});

export const PushSubscriptionBodySchema = Type.Object(
  {
    endpoint: EndpointSchema,
    keys: Type.Object(
      {
        p256dh: Type.String({
          pattern: BASE64URL,
          minLength: 86,
          maxLength: 88,
          description: "The browser's P-256 public key, base64url (uncompressed point)",
        }),
        auth: AuthSchema,
      },
      { additionalProperties: false },
    ),
    ...AreaProperties,
    animals: Type.Optional(AnimalsFilterSchema),
    paused: Type.Optional(Type.Boolean({ default: false })),
    reports: Type.Optional(ReportsChoiceSchema),
    quietHours: Type.Optional(Type.Union([QuietHoursSchema, Type.Null()])),
    language: Type.Optional(
      Type.Enum([...LANGUAGES], {
        description: "The notifications' language; absent: the best match of Accept-Language, else Polish",
      }),
    ),
    // The browser's expirationTime, sent along by toJSON(); not used.
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBodySchema>;

/** Proof of holding a subscription: its endpoint and auth secret. */
/** A reporter's device following its report's official status (POST /Alerts/{id}/follow): no area. */
export const FollowBodySchema = Type.Object(
  {
    endpoint: EndpointSchema,
    keys: PushSubscriptionBodySchema.properties.keys,
    language: PushSubscriptionBodySchema.properties.language,
    expirationTime: PushSubscriptionBodySchema.properties.expirationTime,
  },
  { additionalProperties: false },
);
export type FollowBody = Static<typeof FollowBodySchema>;

export const PushSubscriptionProofSchema = Type.Object(
  { endpoint: EndpointSchema, auth: AuthSchema },
  { additionalProperties: false },
);

export const PushPauseBodySchema = Type.Object(
  { endpoint: EndpointSchema, auth: AuthSchema, paused: Type.Boolean() },
  { additionalProperties: false },
);

/** A subscription as the API shows it to its holder: never its keys. */
const PushSubscriptionSchema = Type.Object({
  endpoint: Type.String(),
  ...AreaProperties,
  animals: Type.Union([Type.Array(Type.String()), Type.Null()]),
  paused: Type.Boolean(),
  reports: ReportsChoiceSchema,
  quietHours: Type.Union([QuietHoursSchema, Type.Null()]),
  language: Type.Enum([...LANGUAGES], { description: "The notifications' language" }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  lastNotifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type PushSubscriptionInfo = Static<typeof PushSubscriptionSchema>;

export const PushSubscriptionResponseSchema = Type.Object({ data: PushSubscriptionSchema });
export type PushSubscriptionResponse = Static<typeof PushSubscriptionResponseSchema>;

export const VapidKeyResponseSchema = Type.Object({
  data: Type.Object({
    publicKey: Type.String({ description: "The server's VAPID public key, base64url: the browser's applicationServerKey" }),
  }),
});
export type VapidKeyResponse = Static<typeof VapidKeyResponseSchema>;

/** What a notification carries (encrypted, RFC 8291): the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a click goes: the alert's page. */
  url: string;
  /** The ids of the alerts it tells of, newest first. */
  alertIds: string[];
  /** The ids of the official notices it tells of, newest first (then no alerts). */
  noticeIds?: string[];
  /** The language it is written in (the notification's `lang`). */
  lang?: string;
}
