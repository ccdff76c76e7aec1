/**
 * An alert's official status (issue 33): the latest step an organisation took on it, shown to
 * everyone ("Straż Miejska: w drodze · 14:05"). A module of its own, imported by AlertSchema.
 */
import { Type, type Static } from 'typebox';
import { NamesSchema } from './names.ts';
import { OUTCOMES } from './sighting-codes.ts';

export const OfficialStatusSchema = Type.Union(
  [
    Type.Object(
      {
        organisation: NamesSchema,
        status: Type.Union([Type.Literal('acknowledged'), Type.Literal('on-the-way'), Type.Literal('resolved')]),
        outcome: Type.Union([Type.Enum([...OUTCOMES]), Type.Null()], { description: 'How it was resolved (with `resolved`)' }),
        note: Type.Union([Type.String(), Type.Null()], { description: "The organisation's public note, if any" }),
        at: Type.String({ format: 'date-time', description: 'When it took this step (UTC)' }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: 'The latest step an organisation took on it (acknowledged, on the way, resolved); null: none yet' },
);
export type OfficialStatus = Static<typeof OfficialStatusSchema>;
