/**
 * The moderator's credential: `Authorization: Bearer <ADMIN_TOKEN>`. Without ADMIN_TOKEN
 * moderation is off and every credential is refused. Wrong tokens are counted per network, in
 * the limits' store (shared by every instance when REDIS_URL is set): after a few in a minute
 * the network waits out the minute.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { clientNetwork } from '../http/client-address.ts';
import { HttpProblem, rateLimited } from '../http/problem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: lets only the moderator through (401 or 403 otherwise). */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** False without a Bearer credential (none, or another scheme); true for the moderator; throws for a wrong one. */
    isAdmin(request: FastifyRequest): Promise<boolean>;
  }
}

const REALM = 'Bearer realm="WildAlert moderation"';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Wrong tokens a network (IPv4 /24, IPv6 /48: one guesser cannot rotate addresses within it)
 * may send in a minute, a moderator's typing mistakes with room to spare; then every token from
 * there, the right one too, waits out the minute. The staff accounts that will replace the token
 * keep this limit.
 */
const MODERATOR_FAILURES_PER_MINUTE = 5;

export default fp<{ adminToken: string | undefined }>(
  async (app, { adminToken }) => {
    // Compared as digests: equal lengths, and no timing difference that reveals a prefix.
    const expected = adminToken === undefined ? undefined : digest(adminToken);
    const failures = app.createRateLimit({
      max: MODERATOR_FAILURES_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `moderator-failures:${clientNetwork(request)}`,
    });

    /** The Bearer credential `header` carries, '' for a malformed one, undefined for none or another scheme. */
    const bearerToken = (header: string | undefined): string | undefined => {
      if (header === undefined || !/^Bearer(\s|$)/i.test(header)) return undefined;
      return /^Bearer +([\x21-\x7e]+) *$/i.exec(header)?.[1] ?? '';
    };

    /** The moderator's check; `token` undefined when the request carries no Bearer credential. */
    const check = async (request: FastifyRequest, token: string | undefined): Promise<boolean> => {
      if (token === undefined) return false;
      if (!expected) throw new HttpProblem({ status: 403, detail: 'Moderation is not enabled on this server (no ADMIN_TOKEN).' });
      if (token === '') {
        throw new HttpProblem({
          status: 401,
          detail: 'Send the moderator token as "Authorization: Bearer <token>".',
          headers: { 'www-authenticate': `${REALM}, error="invalid_request"` },
        });
      }
      // One token of a network at a time (in this instance): a burst cannot all be read against the
      // count before the first wrong one is counted.
      return inTurn(clientNetwork(request), () => compare(request, token, expected));
    };

    /** Runs `task` after every earlier task of `network` (in this instance) has settled. */
    const turns = new Map<string, Promise<unknown>>();
    const inTurn = <T>(network: string, task: () => Promise<T>): Promise<T> => {
      const run = (turns.get(network) ?? Promise.resolve()).catch(() => undefined).then(task);
      const settled = run.catch(() => undefined);
      turns.set(network, settled);
      void settled.then(() => {
        if (turns.get(network) === settled) turns.delete(network);
      });
      return run;
    };

    const compare = async (request: FastifyRequest, token: string, expected: Buffer): Promise<boolean> => {
      // Checked before the token, so that while it waits a network learns nothing of its guesses.
      const seen = await failures(request, { increment: false });
      if (!seen.isAllowed && seen.remaining === 0) {
        const seconds = Math.max(1, seen.ttlInSeconds);
        throw rateLimited(
          `Too many wrong moderator tokens from your network (at most ${MODERATOR_FAILURES_PER_MINUTE} a minute). Try again in ${seconds} s.`,
          seconds,
        );
      }
      if (!timingSafeEqual(digest(token), expected)) {
        await failures(request);
        throw new HttpProblem({
          status: 401,
          detail: 'The moderator token is not valid.',
          headers: { 'www-authenticate': `${REALM}, error="invalid_token"` },
        });
      }
      return true;
    };

    // Where the token is optional, another scheme (a staging site's Basic auth, say) is not ours to judge.
    app.decorate('isAdmin', (request: FastifyRequest) => check(request, bearerToken(request.headers.authorization)));
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!expected) throw new HttpProblem({ status: 403, detail: 'Moderation is not enabled on this server (no ADMIN_TOKEN).' });
      const header = request.headers.authorization;
      // Here any credential but ours is a mistake worth saying.
      if (!(await check(request, header === undefined ? undefined : (bearerToken(header) ?? '')))) {
        throw new HttpProblem({
          status: 401,
          detail: 'This needs the moderator token: "Authorization: Bearer <token>".',
          headers: { 'www-authenticate': REALM },
        });
      }
    });
  },
  // Its refusals are HttpProblems, which the errors plugin answers.
  { name: 'wildalert-admin', dependencies: ['wildalert-errors', 'wildalert-rate-limit'] },
);
