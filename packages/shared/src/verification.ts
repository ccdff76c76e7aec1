/**
 * An alert's verification level (issue 35): how far it can be trusted, who said so and when. A
 * module of its own, imported by AlertSchema; the level codes are those of Darwin Core's
 * identificationVerificationStatus as this service writes it (one code per level, as is).
 */
import { Type, type Static } from 'typebox';
import { ANIMAL_KEYS as ANIMAL_KEYS_FOR_DECISIONS } from './animals.ts';
import { NamesSchema } from './names.ts';
import { VERIFICATION_BY, VERIFICATION_LEVELS, REJECTION_REASONS } from './verification-levels.ts';

/** The longest public note a moderator's correction or rejection carries. */
export const VERIFICATION_NOTE_MAX = 300;

export const VerificationSchema = Type.Object(
  {
    level: Type.Enum([...VERIFICATION_LEVELS], {
      description:
        '`unverified`; `likely` (a photo, "still there" from another network, or an independent report nearby); `confirmed` ' +
        '(an organisation or a moderator); `corrected` (a moderator changed the animal); `rejected` (a moderator: not a wild animal, a hoax)',
    }),
    by: Type.Optional(Type.Enum([...VERIFICATION_BY], { description: 'What set the level; absent while unverified' })),
    organisation: Type.Optional(NamesSchema),
    at: Type.Optional(Type.String({ format: 'date-time', description: 'When the level was set (UTC); absent while unverified' })),
    correctedFrom: Type.Optional(Type.String({ description: 'The animal as reported (a key from GET /Animals), when corrected' })),
    reason: Type.Optional(Type.Enum([...REJECTION_REASONS], { description: 'Why it was rejected' })),
    note: Type.Optional(Type.String({ description: "The moderator's public note with a correction or rejection" })),
  },
  { additionalProperties: false, description: 'How far the alert can be trusted, who said so and when' },
);
export type Verification = Static<typeof VerificationSchema>;

/** GET /Alerts and tiles: `likely` shows likely, confirmed and corrected alerts; `confirmed`, confirmed and corrected ones. */
export const VerificationFilterSchema = Type.Enum(['likely', 'confirmed'], {
  description: 'At least this level: `likely` (likely, confirmed, corrected) or `confirmed` (confirmed, corrected)',
});

/** A moderator's decision on an alert's level (POST /moderation/alerts/{id}/verification). */
export const VerificationDecisionSchema = Type.Union([
  Type.Object({ level: Type.Literal('confirmed') }, { additionalProperties: false }),
  Type.Object(
    {
      level: Type.Literal('corrected'),
      animal: Type.Enum([...ANIMAL_KEYS_FOR_DECISIONS], { description: 'The right animal, a key from GET /Animals' }),
      note: Type.Optional(Type.String({ maxLength: VERIFICATION_NOTE_MAX, pattern: '^[^\\u0000\\uD800-\\uDFFF]*$' })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      level: Type.Literal('rejected'),
      reason: Type.Enum([...REJECTION_REASONS]),
      note: Type.Optional(Type.String({ maxLength: VERIFICATION_NOTE_MAX, pattern: '^[^\\u0000\\uD800-\\uDFFF]*$' })),
    },
    { additionalProperties: false },
  ),
]);
export type VerificationDecision = Static<typeof VerificationDecisionSchema>;

/** One change of an alert's level, as GET /moderation/alerts/{id}/verification lists it to moderators. */
export const VerificationChangeSchema = Type.Object({
  level: Type.String(),
  previousLevel: Type.String(),
  by: Type.String({ description: '`photo`, `still-there`, `independent-report`, `automatic` (evidence gone), `organisation` or `moderator`' }),
  organisationId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  accountId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The staff account that decided, if a person did' }),
  animalFrom: Type.Union([Type.String(), Type.Null()]),
  animalTo: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type VerificationChange = Static<typeof VerificationChangeSchema>;
