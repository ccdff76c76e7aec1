/**
 * The contract of area alerts by e-mail (/EmailSubscriptions): an address, the area it wants to
 * hear about and how often; double opt-in by a link in a confirmation mail, and one-click
 * unsubscribe (RFC 8058) by a link in every mail.
 */
import { Type, type Static } from 'typebox';
import { EMAIL_FREQUENCIES, LANGUAGES } from './constants.ts';
import { AnimalsFilterSchema, AreaProperties, ReportsChoiceSchema } from './push.ts';

/** The random tokens of the mails' links: 32 bytes, base64url. */
export const EmailTokenSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: "A token from a mail's link" });

/** POST /EmailSubscriptions. */
export const EmailSubscriptionBodySchema = Type.Object(
  {
    address: Type.String({ format: 'email', minLength: 3, maxLength: 254, description: 'Where the alerts go, once the address confirmed' }),
    ...AreaProperties,
    animals: Type.Optional(AnimalsFilterSchema),
    frequency: Type.Enum([...EMAIL_FREQUENCIES], {
      description: 'instant: a mail per new report (at most one per 10 minutes); hourly, daily: a digest of what came meanwhile',
    }),
    reports: Type.Optional(ReportsChoiceSchema),
    language: Type.Optional(
      Type.Enum([...LANGUAGES], { description: "The mails' language; absent: the best match of Accept-Language, else Polish" }),
    ),
  },
  { additionalProperties: false },
);
export type EmailSubscriptionBody = Static<typeof EmailSubscriptionBodySchema>;

export const EmailSubscribedResponseSchema = Type.Object({
  data: Type.Object({
    address: Type.String(),
    expiresAt: Type.String({ format: 'date-time', description: 'The confirmation link works until then' }),
  }),
});
export type EmailSubscribedResponse = Static<typeof EmailSubscribedResponseSchema>;

/** POST /EmailSubscriptions/confirm: the token in the confirmation mail's link. */
export const EmailConfirmBodySchema = Type.Object({ token: EmailTokenSchema }, { additionalProperties: false });

/** A confirmed subscription, as its confirmation shows it. */
export const EmailSubscriptionResponseSchema = Type.Object({
  data: Type.Object({
    address: Type.String(),
    ...AreaProperties,
    animals: Type.Union([Type.Array(Type.String()), Type.Null()]),
    frequency: Type.Enum([...EMAIL_FREQUENCIES]),
    reports: ReportsChoiceSchema,
    language: Type.Enum([...LANGUAGES]),
    confirmedAt: Type.String({ format: 'date-time' }),
  }),
});
export type EmailSubscriptionInfo = Static<typeof EmailSubscriptionResponseSchema>['data'];
