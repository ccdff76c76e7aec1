/**
 * Organisations that act on reports (issue 33): the City Guard, the district veterinary officer,
 * the city's forest service. Each has an area, rules for what it handles, hours and members; a
 * new alert a rule matches lands in its inbox, and where it is with the alert is the alert's
 * official status, shown to everyone.
 */
import { Type, type Static } from 'typebox';
import { AnimalKeySchema, AlertSchema } from './schemas.ts';
import { CircleSchema, PolygonSchema } from './areas.ts';
import { NamesSchema } from './names.ts';
import { SightingFields } from './sighting.ts';
import { INBOX_STATUSES, OUTCOMES } from './sighting-codes.ts';

const InboxStatusSchema = Type.Enum([...INBOX_STATUSES], {
  description: 'Where the organisation is with the report: `new`, `acknowledged`, `on-the-way`, `resolved`',
});
const OutcomeSchema = Type.Enum([...OUTCOMES], { description: 'How it was resolved' });

const ClockSchema = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$', description: 'HH:MM in the server\'s TIME_ZONE' });

export const OpeningHoursSchema = Type.Union(
  [
    Type.Array(
      Type.Object(
        {
          days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, description: 'ISO weekdays, Monday 1' }),
          from: ClockSchema,
          to: ClockSchema,
        },
        { additionalProperties: false },
      ),
      { maxItems: 14 },
    ),
    Type.Null(),
  ],
  { description: 'When it reads its inbox, in the server\'s TIME_ZONE; null: always' },
);

export const RoutingRuleSchema = Type.Object(
  {
    animals: Type.Union([Type.Array(AnimalKeySchema, { minItems: 1 }), Type.Null()], { description: 'null: any animal' }),
    behaviours: Type.Union([Type.Array(SightingFields.behaviour, { minItems: 1 }), Type.Null()], {
      description: 'null: any behaviour, or none said',
    }),
  },
  { additionalProperties: false, description: 'A report of one of these animals doing one of these lands in the inbox' },
);

/** What an admin sends to create or change an organisation. */
export const OrganisationBodySchema = Type.Object(
  {
    name: NamesSchema,
    phone: Type.Union([Type.String({ pattern: '^\\+?[0-9 ]{3,20}$' }), Type.Null()], { description: 'As dialled; null: none' }),
    url: Type.Union([Type.String({ pattern: '^https://', maxLength: 500 }), Type.Null()]),
    area: Type.Union([CircleSchema, PolygonSchema, Type.Null()], { description: 'Where it serves; null: everywhere' }),
    rules: Type.Array(RoutingRuleSchema, { maxItems: 20, description: 'What lands in its inbox' }),
    callFor: Type.Array(SightingFields.behaviour, { description: 'The behaviours it is the one to call about (GET /Contacts)' }),
    hours: OpeningHoursSchema,
    inbox: Type.Boolean({ description: 'Whether reports land in its inbox (false: a number to call only)' }),
  },
  { additionalProperties: false },
);
export type OrganisationBody = Static<typeof OrganisationBodySchema>;

export const OrganisationSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    ...OrganisationBodySchema.properties,
    members: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })),
  },
  { $id: 'Organisation', additionalProperties: false },
);
export type Organisation = Static<typeof OrganisationSchema>;

/** An alert in an organisation's inbox, at its exact point (even for a sensitive species). */
export const InboxEntrySchema = Type.Object(
  {
    organisationId: Type.String({ format: 'uuid' }),
    alert: AlertSchema,
    status: InboxStatusSchema,
    outcome: Type.Union([OutcomeSchema, Type.Null()]),
    note: Type.Union([Type.String(), Type.Null()]),
    handedTo: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    acknowledgedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    onTheWayAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    resolvedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    statusAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'InboxEntry', additionalProperties: false },
);
export type InboxEntry = Static<typeof InboxEntrySchema>;

/** A responder's step: forward only; `outcome` with (and only with) `resolved`; `handedTo` with `handed-over`. */
export const StatusChangeBodySchema = Type.Object(
  {
    status: Type.Union([Type.Literal('acknowledged'), Type.Literal('on-the-way'), Type.Literal('resolved')]),
    outcome: Type.Optional(OutcomeSchema),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'Shown to everyone with the status' })),
    handedTo: Type.Optional(Type.String({ format: 'uuid', description: 'The organisation it was handed to (outcome handed-over)' })),
  },
  { additionalProperties: false },
);
export type StatusChangeBody = Static<typeof StatusChangeBodySchema>;
