/**
 * POST /Alerts/{id}/votes: "still there" or "gone", from anyone passing by. Votes count by
 * network (as abuse reports do), one per alert and network; a network may change its vote, and
 * may vote on a number of alerts a day (VOTES_PER_NETWORK_PER_DAY). Open maps hear of the new
 * counts on the live stream ('changed').
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { CreateVoteBodySchema, GONE_MARGIN, REPORT_COUNTS_AS, UUID_PATTERN, VoteResponseSchema } from '@wildalert/shared';
import { clientNetwork } from '../http/client-address.ts';
import type { Config } from '../config.ts';
import { HttpProblem, problemResponses, rateLimited } from '../http/problem.ts';

const IdParams = Type.Object({ id: Type.String({ description: 'UUID' }) });

const votes: FastifyPluginAsyncTypebox<{ perDay: Config['votesPerNetworkPerDay'] }> = async (app, { perDay }) => {
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
          `A network may vote on ${perDay} alerts in 24 hours (a repeat, or a change of its vote on an alert it voted on`,
          'meanwhile, spends nothing more); beyond that it is answered 429 with `Retry-After`. Counts against the write limits too.',
          '',
          'The alert shows the counts (`stillThere`, `gone`): passers-by\'s votes; the report itself counts as its',
          `reporter's "still there" (${REPORT_COUNTS_AS}). Maps draw an alert as past once \`gone\` exceeds`,
          `\`stillThere + ${REPORT_COUNTS_AS}\` by at least ${GONE_MARGIN} (${REPORT_COUNTS_AS + GONE_MARGIN} networks against a lone report: \`votedGone\` in`,
          "@wildalert/shared), or once its animal's time since `lastSeenAt` has passed.",
        ].join('\n'),
        params: IdParams,
        body: CreateVoteBodySchema,
        response: { 200: VoteResponseSchema, 201: VoteResponseSchema, ...problemResponses(400, 404, 413, 415, 429) },
      },
      config: { rateLimit: false },
      onRequest: app.limitWrites,
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = UUID_PATTERN.test(id) ? await app.services.votes.vote(id, clientNetwork(request), request.body.vote) : undefined;
      if (!result) throw new HttpProblem({ status: 404, detail: `There is no alert ${id}.` });
      if ('retryAfterSeconds' in result) {
        throw rateLimited(
          `Your network has voted on as many alerts as it may (at most ${perDay} alerts a day). Try again in ${result.retryAfterSeconds} s.`,
          result.retryAfterSeconds,
        );
      }
      return reply.code(result.created ? 201 : 200).send({ data: result.tally });
    },
  );
};

export default fp(votes, {
  name: 'wildalert-alert-votes-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-rate-limit', 'wildalert-docs'],
  encapsulate: true,
});
