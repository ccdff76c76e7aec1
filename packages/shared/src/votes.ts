/** "Is it still there?": a passer-by's vote on an alert (POST /Alerts/{id}/votes). */
import { Type, type Static } from 'typebox';
import { AlertSchema } from './schemas.ts';


export const CreateVoteBodySchema = Type.Object(
  {
    vote: Type.Union([Type.Literal('still-there'), Type.Literal('gone')], {
      description: '`still-there`: the animal is still there; `gone`: it has gone',
    }),
  },
  { additionalProperties: false },
);
export type Vote = Static<typeof CreateVoteBodySchema>['vote'];

export const VoteResponseSchema = Type.Object({
  data: Type.Object({
    alertId: Type.String({ format: 'uuid' }),
    vote: CreateVoteBodySchema.properties.vote,
    stillThere: AlertSchema.properties.stillThere,
    gone: AlertSchema.properties.gone,
    lastSeenAt: AlertSchema.properties.lastSeenAt,
  }),
});
export type VoteResponse = Static<typeof VoteResponseSchema>;
