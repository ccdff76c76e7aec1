/**
 * The moderator's credential: `Authorization: Bearer <ADMIN_TOKEN>`. Without ADMIN_TOKEN
 * moderation is off and every credential is refused.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../problem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: lets only the moderator through (401 or 403 otherwise). */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** False without a Bearer credential (none, or another scheme); true for the moderator; throws for a wrong one. */
    isAdmin(request: FastifyRequest): boolean;
  }
}

const REALM = 'Bearer realm="WildAlert moderation"';

const digest = (text: string) => createHash('sha256').update(text).digest();

export default fp<{ adminToken: string | undefined }>(
  async (app, { adminToken }) => {
    // Compared as digests: equal lengths, and no timing difference that reveals a prefix.
    const expected = adminToken === undefined ? undefined : digest(adminToken);

    /** The Bearer credential `header` carries, '' for a malformed one, undefined for none or another scheme. */
    const bearerToken = (header: string | undefined): string | undefined => {
      if (header === undefined || !/^Bearer(\s|$)/i.test(header)) return undefined;
      return /^Bearer +([\x21-\x7e]+) *$/i.exec(header)?.[1] ?? '';
    };

    /** The moderator's check; `token` undefined when the request carries no Bearer credential. */
    const check = (token: string | undefined): boolean => {
      if (token === undefined) return false;
      if (!expected) throw new HttpProblem({ status: 403, detail: 'Moderation is not enabled on this server (no ADMIN_TOKEN).' });
      if (token === '') {
        throw new HttpProblem({
          status: 401,
          detail: 'Send the moderator token as "Authorization: Bearer <token>".',
          headers: { 'www-authenticate': `${REALM}, error="invalid_request"` },
        });
      }
      if (!timingSafeEqual(digest(token), expected)) {
        throw new HttpProblem({
          status: 401,
          detail: 'The moderator token is not valid.',
          headers: { 'www-authenticate': `${REALM}, error="invalid_token"` },
        });
      }
      return true;
    };

    // Where the token is optional, another scheme (a staging site's Basic auth, say) is not ours to judge.
    app.decorate('isAdmin', (request: FastifyRequest) => check(bearerToken(request.headers.authorization)));
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!expected) throw new HttpProblem({ status: 403, detail: 'Moderation is not enabled on this server (no ADMIN_TOKEN).' });
      const header = request.headers.authorization;
      // Here any credential but ours is a mistake worth saying.
      if (!check(header === undefined ? undefined : (bearerToken(header) ?? ''))) {
        throw new HttpProblem({
          status: 401,
          detail: 'This needs the moderator token: "Authorization: Bearer <token>".',
          headers: { 'www-authenticate': REALM },
        });
      }
    });
  },
  // Its refusals are HttpProblems, which the errors plugin answers.
  { name: 'wildalert-admin', dependencies: ['wildalert-errors'] },
);
