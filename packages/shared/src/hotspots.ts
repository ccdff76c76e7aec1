/**
 * Where and when animals usually show up (GET /Alerts/hotspots/{z}/{x}/{y}): a map tile's
 * alerts of the last 12 months counted on a grid, filtered by animal, season and time of day.
 */
import { Type, type Static } from 'typebox';
import { TileQuerySchema } from './schemas.ts';
import { HOTSPOT_CELL_BITS } from './tiles.ts';

/** How far back hotspots look: a year, every season once. */
export const HOTSPOT_MONTHS = 12;

/** Meteorological seasons of the northern hemisphere, by month of the city's calendar. */
export const SEASONS = {
  winter: [12, 1, 2],
  spring: [3, 4, 5],
  summer: [6, 7, 8],
  autumn: [9, 10, 11],
} as const satisfies Record<string, readonly number[]>;

export const HotspotQuerySchema = Type.Object(
  {
    animal: TileQuerySchema.properties.animal,
    season: Type.Optional(
      Type.Union(
        [Type.Literal('winter'), Type.Literal('spring'), Type.Literal('summer'), Type.Literal('autumn')],
        { description: 'Only alerts of this season: winter (Dec–Feb), spring (Mar–May), summer (Jun–Aug), autumn (Sep–Nov)' },
      ),
    ),
    hours: Type.Optional(
      Type.String({
        pattern: '^([01]?[0-9]|2[0-3])-([01]?[0-9]|2[0-4])$',
        description:
          "A time of day in the city's time zone, from-to in whole hours: 16-21 is 16:00–20:59; overnight when from is above to (22-4 is 22:00–03:59)",
        examples: ['16-21', '22-4'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type HotspotQuery = Static<typeof HotspotQuerySchema>;

/** `hours` as numbers (the whole day when absent): from ≤ hour < to, or overnight when from > to. */
export function hoursOf(hours: string | undefined): { from: number; to: number } {
  if (!hours) return { from: 0, to: 24 };
  const [from = 0, to = 24] = hours.split('-').map(Number);
  return { from, to };
}

const HotspotCellSchema = Type.Object({
  x: Type.Integer({ minimum: 0, description: `Column of the cell: the tile x at zoom z + ${HOTSPOT_CELL_BITS}` }),
  y: Type.Integer({ minimum: 0, description: `Row of the cell: the tile y at zoom z + ${HOTSPOT_CELL_BITS}` }),
  count: Type.Integer({ minimum: 1, description: 'Alerts in the cell that pass the filters' }),
});

export const HotspotResponseSchema = Type.Object({
  cells: Type.Array(HotspotCellSchema, { description: 'The cells holding at least one alert, by row then column' }),
  total: Type.Integer({ minimum: 0, description: 'Alerts counted in the tile' }),
  since: Type.String({ format: 'date-time', description: `The start of the period counted (${HOTSPOT_MONTHS} months back), UTC` }),
});
export type HotspotResponse = Static<typeof HotspotResponseSchema>;
