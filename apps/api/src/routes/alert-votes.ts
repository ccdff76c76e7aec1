/**
 * POST /Alerts/{id}/votes: "still there" or "gone", from anyone passing by. Votes count by
 * network (as abuse reports do), one per alert and network; a network may change its vote.
 * Open maps hear of the new counts on the live stream ('changed').
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { CreateVoteBodySchema, UUID_PATTERN, VoteResponseSchema } from '@wildalert/shared';
import { clientNetwork } from '../client-address.ts';
import { HttpProblem, problemResponses } from '../problem.ts';

const IdParams = Type.Object({ id: Type.String({ description: 'UUID' }) });

const votes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/Alerts/:id/votes',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'voteOnAlert',
        summary: 'Say whether the animal is still there',
        description: [
          'Anonymous. `still-there` confirms the alert (its `lastSeenAt` becomes now); `gone` says the animal has left.',
          'Votes count by network (IPv4 /24, IPv6 /48), one per alert and network: the first answers 201, a repeat 200',
          "changing nothing, and a different vote from the same network replaces that network's earlier one (200).",
          'The alert shows the counts (`stillThere`, `gone`); maps draw it as past once `gone` outweighs `stillThere`',
          "or its animal's time since `lastSeenAt` has passed. Counts against the write limits.",
        ].join('\n'),
        params: IdParams,
        body: CreateVoteBodySchema,
        response: { 200: VoteResponseSchema, 201: VoteResponseSchema, ...problemResponses(400, 404, 413, 415) },
      },
      config: { rateLimit: false },
      onRequest: app.limitWrites,
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = UUID_PATTERN.test(id) ? await app.votes.vote(id, clientNetwork(request), request.body.vote) : undefined;
      if (!result) throw new HttpProblem({ status: 404, detail: `There is no alert ${id}.` });
      if (result.changed) {
        // Searches answer anew; the feed's event tells the tile cache and open maps.
        app.searchCache.invalidate();
        await app.feed.sync();
      }
      return reply.code(result.created ? 201 : 200).send({ data: result.tally });
    },
  );
};

export default fp(votes, {
  name: 'wildalert-alert-votes-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-rate-limit', 'wildalert-live', 'wildalert-search-cache', 'wildalert-docs'],
  encapsulate: true,
});
