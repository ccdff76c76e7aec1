/**
 * What was seen, beside the animal (issue 19): how many, whether young were there, and what
 * they were doing. Optional taps on the add form; codes over the API, translated by clients.
 */
import { Type } from 'typebox';

/** Each optional on POST /Alerts; null on an Alert when the reporter did not say. */
export const SightingFields = {
  howMany: Type.Union([Type.Literal('one'), Type.Literal('two-to-five'), Type.Literal('more')], { description: 'How many animals: `one`, `two-to-five` or `more`' }),
  young: Type.Boolean({ description: 'Whether there were young among them' }),
  behaviour: Type.Union(
    [
      Type.Literal('calm'),
      Type.Literal('crossing-road'),
      Type.Literal('aggressive'),
      Type.Literal('injured'),
      Type.Literal('dead-on-road'),
      Type.Literal('found-dead'),
    ],
    {
      description:
        'What they were doing: `calm`, `crossing-road`, `aggressive`, `injured`, `dead-on-road` or `found-dead` (dead, away from a road; a dead wild boar goes to the veterinary officer)',
    },
  ),
};

export const SightingSchema = Type.Object({
  howMany: Type.Union([SightingFields.howMany, Type.Null()]),
  young: Type.Union([SightingFields.young, Type.Null()]),
  behaviour: Type.Union([SightingFields.behaviour, Type.Null()]),
});


/** What an alert says before anyone added to it: no votes, last seen when reported, no details given, its place not looked up, unverified. */
export const unconfirmedSighting = (createdAt: string) =>
  ({ stillThere: 0, gone: 0, lastSeenAt: createdAt, howMany: null, young: null, behaviour: null, officialStatus: null, place: null, licence: null, verification: { level: 'unverified' } }) as const;
