/**
 * The city's dashboard (issue 37): counts of alerts by period and animal (with the same period a
 * year earlier), by area, by hour of day × weekday in the city's time zone, by behaviour, by
 * verification level, and (staff only) how fast each organisation answered. One query string filters every view.
 */
import { Type, type Static } from 'typebox';
import { AnimalKeySchema } from './schemas.ts';
import { SightingFields } from './sighting.ts';
import { NamesSchema } from './names.ts';
import { LANGUAGES } from './constants.ts';
import { VERIFICATION_LEVELS } from './verification-levels.ts';

/** The longest range one view counts: five years, so that no request scans all of history. */
export const DASHBOARD_MAX_DAYS = 5 * 366;

/** The views; `response` is the staff's only. */
export type DashboardView = 'trend' | 'areas' | 'hours' | 'behaviours' | 'verification' | 'response';

export const DashboardQuerySchema = Type.Object(
  {
    from: Type.Optional(
      Type.String({ format: 'date', description: "First day counted (YYYY-MM-DD, in the city's time zone); default: the first day of the month 11 months back" }),
    ),
    to: Type.Optional(Type.String({ format: 'date', description: "Last day counted, inclusive (YYYY-MM-DD, in the city's time zone); default: today" })),
    animal: Type.Optional(Type.Array(AnimalKeySchema, { maxItems: 50, description: 'Only these animals; repeat the parameter for several' })),
    area: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only alerts in this area (a name of GET …/areas/shapes)' })),
    period: Type.Optional(
      Type.Union([Type.Literal('week'), Type.Literal('month')], { default: 'month', description: 'trend only: count by week (Monday first) or by month' }),
    ),
  },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuerySchema>;

/** What each answer says it counted: the filters as applied, defaults filled in. */
const RangeSchema = Type.Object({
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  timeZone: Type.String({ description: "The city's time zone the days and hours are in" }),
});

export const TrendResponseSchema = Type.Object({
  range: RangeSchema,
  period: Type.Union([Type.Literal('week'), Type.Literal('month')]),
  periods: Type.Array(Type.String({ format: 'date' }), { description: 'Each period\'s first day (a Monday, or the 1st), oldest first' }),
  series: Type.Array(
    Type.Object({
      animal: Type.String(),
      counts: Type.Array(Type.Integer({ minimum: 0 }), { description: 'Alerts in each period (within the range), as `periods`' }),
      lastYear: Type.Array(Type.Integer({ minimum: 0 }), {
        description: 'The same period a year earlier: the same month, or the week 52 weeks before (the same weekdays)',
      }),
    }),
    { description: 'One per animal with an alert in either year, the most alerts first' },
  ),
});
export type TrendResponse = Static<typeof TrendResponseSchema>;

export const AreasResponseSchema = Type.Object({
  range: RangeSchema,
  data: Type.Array(Type.Object({ area: Type.String(), count: Type.Integer({ minimum: 0 }) }), {
    description: 'Every area, the most alerts first (then in the areas file\'s order). An alert on a border between areas counts in the one listed first in the areas file.',
  }),
  outside: Type.Integer({ minimum: 0, description: 'Alerts in no area' }),
});
export type AreasResponse = Static<typeof AreasResponseSchema>;

export const HoursResponseSchema = Type.Object({
  range: RangeSchema,
  counts: Type.Array(Type.Array(Type.Integer({ minimum: 0 }), { minItems: 24, maxItems: 24 }), {
    minItems: 7,
    maxItems: 7,
    description: "Alerts by weekday (Monday first) and hour of the day (0–23), in the city's time zone",
  }),
});
export type HoursResponse = Static<typeof HoursResponseSchema>;

export const BehavioursResponseSchema = Type.Object({
  range: RangeSchema,
  data: Type.Array(
    Type.Object({
      behaviour: Type.Union([SightingFields.behaviour, Type.Null()], { description: 'null: the reporter did not say' }),
      count: Type.Integer({ minimum: 1 }),
    }),
    { description: 'Behaviours reported, the most alerts first' },
  ),
});
export type BehavioursResponse = Static<typeof BehavioursResponseSchema>;

export const VerificationCountsSchema = Type.Object({
  range: RangeSchema,
  data: Type.Array(
    Type.Object({
      level: Type.Enum([...VERIFICATION_LEVELS], { description: 'A verification level (see an alert\'s `verification.level`)' }),
      count: Type.Integer({ minimum: 0 }),
    }),
    { description: 'Every level, in the levels\' order (unverified, likely, confirmed, corrected, rejected), none left out: alerts at each now' },
  ),
});
export type VerificationCounts = Static<typeof VerificationCountsSchema>;

export const ResponseTimesSchema = Type.Object({
  range: RangeSchema,
  data: Type.Array(
    Type.Object({
      organisationId: Type.String({ format: 'uuid' }),
      name: NamesSchema,
      entries: Type.Integer({ minimum: 0, description: 'Alerts in the range that reached its inbox' }),
      acknowledged: Type.Integer({ minimum: 0, description: 'Of those, how many it took a first step on' }),
      acknowledgedMedianSeconds: Type.Union([Type.Number(), Type.Null()], { description: 'Median time from arrival to its first step; null: none taken' }),
      resolved: Type.Integer({ minimum: 0 }),
      resolvedMedianSeconds: Type.Union([Type.Number(), Type.Null()], { description: 'Median time from arrival to resolved; null: none resolved' }),
    }),
    { description: 'Every organisation with an inbox, the most entries first' },
  ),
});
export type ResponseTimes = Static<typeof ResponseTimesSchema>;

export const AreaShapesSchema = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(
      Type.Object({
        type: Type.Literal('Feature'),
        properties: Type.Object({ name: Type.String() }),
        geometry: Type.Object({
          type: Type.Union([Type.Literal('Polygon'), Type.Literal('MultiPolygon')]),
          coordinates: Type.Array(Type.Unknown()),
        }),
      }),
    ),
  },
  { description: "The areas (AREAS_FILE) as GeoJSON, in the file's order" },
);

/** At most this many addresses receive an organisation's monthly report. */
export const MONTHLY_REPORT_MAX_ADDRESSES = 10;

/**
 * An organisation's monthly report by e-mail (GET/PUT /staff/organisations/{id}/monthly-report):
 * where it goes and in which language, or none (`enabled: false`).
 */
export const MonthlyReportSettingSchema = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Whether the report is sent; false: nothing is sent and the addresses are forgotten' }),
    addresses: Type.Array(Type.String({ format: 'email', minLength: 3, maxLength: 254 }), {
      maxItems: MONTHLY_REPORT_MAX_ADDRESSES,
      description: `Where the report goes (at most ${MONTHLY_REPORT_MAX_ADDRESSES}; the same address twice counts once); at least one when enabled`,
    }),
    language: Type.Enum([...LANGUAGES], { description: "The report's language" }),
  },
  { additionalProperties: false, description: "An organisation's monthly report by e-mail: on the 1st from 06:00 (the city's time), last month's figures" },
);
export type MonthlyReportSetting = Static<typeof MonthlyReportSettingSchema>;
