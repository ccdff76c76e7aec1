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
    /** False without an Authorization header; true for the moderator; throws for a wrong credential. */
    isAdmin(request: FastifyRequest): boolean;
  }
}

const REALM = 'Bearer realm="WildAlert moderation"';

const digest = (text: string) => createHash('sha256').update(text).digest();

export default fp<{ adminToken: string | undefined }>(
  async (app, { adminToken }) => {
    // Compared as digests: equal lengths, and no timing difference that reveals a prefix.
    const expected = adminToken === undefined ? undefined : digest(adminToken);

    const isAdmin = (request: FastifyRequest): boolean => {
      const header = request.headers.authorization;
      if (header === undefined) return false;
      if (!expected) throw new HttpProblem(403, 'Moderation is not enabled on this server (no ADMIN_TOKEN).');
      const token = /^Bearer +([\x21-\x7e]+) *$/i.exec(header)?.[1];
      if (token === undefined) {
        throw new HttpProblem(401, 'Send the moderator token as "Authorization: Bearer <token>".', 'about:blank', undefined, {
          'www-authenticate': `${REALM}, error="invalid_request"`,
        });
      }
      if (!timingSafeEqual(digest(token), expected)) {
        throw new HttpProblem(401, 'The moderator token is not valid.', 'about:blank', undefined, {
          'www-authenticate': `${REALM}, error="invalid_token"`,
        });
      }
      return true;
    };

    app.decorate('isAdmin', isAdmin);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!expected) throw new HttpProblem(403, 'Moderation is not enabled on this server (no ADMIN_TOKEN).');
      if (!isAdmin(request)) {
        throw new HttpProblem(401, 'This needs the moderator token: "Authorization: Bearer <token>".', 'about:blank', undefined, {
          'www-authenticate': REALM,
        });
      }
    });
  },
  { name: 'admin' },
);
