/** The OpenAPI description at /openapi.json and a browsable page at /docs. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PROBLEM_TYPES } from '../problem.ts';

export default fp(
  async (app, { version }: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'WildAlert API',
          version,
          description: [
            'Wild-animal sightings ("alerts") on a map. Anonymous; no credentials, except the',
            "moderator's bearer token (ADMIN_TOKEN) for the moderation endpoints.",
            '',
            'Limits per client address: anonymous writes (new alerts, reports) per minute and per day,',
            'every other request per minute; over a limit the answer is 429 with `Retry-After`.',
            '',
            'Query parameter names are case-insensitive (`Latitude`, `latitude` and `LATITUDE` are one).',
            'Every error is `application/problem+json` (RFC 9457); validation errors list',
            'messages by field in `errors`. Problem types used besides `about:blank`:',
            ...Object.values(PROBLEM_TYPES).map((t) => `- \`${t}\``),
          ].join('\n'),
        },
        tags: [
          { name: 'alerts', description: 'Sightings' },
          { name: 'catalogue', description: 'The animals one can report' },
          { name: 'moderation', description: 'Abuse reports and the moderator' },
          { name: 'operations', description: 'Health' },
        ],
        components: {
          securitySchemes: {
            moderator: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN of the server' },
          },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
