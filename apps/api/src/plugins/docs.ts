/** The OpenAPI description at /openapi.json and a browsable page at /docs. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ProblemSchema } from '@wildalert/shared';
import { PROBLEM_MEDIA_TYPE, PROBLEM_TYPES } from '../http/problem.ts';

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } };

/**
 * What any request may be answered, whatever its operation: the HTTP server's own limits,
 * the rate limit, a failure, a restart. Each is a problem, referenced by every operation.
 */
const COMMON_RESPONSES = {
  405: {
    name: 'MethodNotAllowed',
    description: 'The path does not support this method; `Allow` lists those it does',
    headers: { Allow: { description: 'The methods the path supports', schema: { type: 'string' } } },
  },
  408: { name: 'RequestTimeout', description: 'The request did not arrive in time' },
  429: {
    name: 'TooManyRequests',
    description: 'Over a limit of this client address (requests, writes or database time); see `Retry-After`',
    headers: RETRY_AFTER,
  },
  431: { name: 'RequestHeaderFieldsTooLarge', description: 'The request headers are too large' },
  500: { name: 'InternalServerError', description: 'A failure on the server; the details are logged, not sent' },
  503: {
    name: 'ServiceUnavailable',
    description: 'The server is restarting, or the database or the photo store is unavailable or full; see `Retry-After`',
    headers: RETRY_AFTER,
  },
} as const;

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

type Operation = {
  security?: unknown[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
};

/**
 * Completes the generated document: where it is served, one Problem schema for every error
 * answer, the answers any operation may get (COMMON_RESPONSES), and `security: []` for
 * anonymous operations.
 */
function completeDocument(doc: {
  servers?: unknown[];
  components: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}) {
  doc.servers = [{ url: '/', description: 'The server that serves this document' }];
  const { $id: _id, ...problem } = ProblemSchema as typeof ProblemSchema & { $id: string };
  doc.components.schemas = { ...doc.components.schemas, Problem: problem };
  doc.components.responses = Object.fromEntries(
    Object.values(COMMON_RESPONSES).map(({ name, ...response }) => [
      name,
      { ...response, content: { [PROBLEM_MEDIA_TYPE]: { schema: PROBLEM_REF } } },
    ]),
  );
  for (const operation of Object.values(doc.paths).flatMap((path) => Object.values(path))) {
    operation.security ??= [];
    for (const response of Object.values(operation.responses)) {
      if (response.content?.[PROBLEM_MEDIA_TYPE]) response.content[PROBLEM_MEDIA_TYPE] = { schema: PROBLEM_REF };
    }
    for (const [status, { name }] of Object.entries(COMMON_RESPONSES)) {
      const own = operation.responses[status];
      // A route's own description of the status stays; its answer may be a problem all the same.
      if (own) own.content = { ...own.content, [PROBLEM_MEDIA_TYPE]: { schema: PROBLEM_REF } };
      else operation.responses[status] = { $ref: `#/components/responses/${name}` };
    }
  }
  return doc;
}

export default fp(
  async (app, { version }: { version: string }) => {
    await app.register(swagger, {
      // Components named by their $id (Alert), not def-0.
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
      transformObject: (document) =>
        'openapiObject' in document ? completeDocument(document.openapiObject as Parameters<typeof completeDocument>[0]) : document.swaggerObject,
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'WildAlert API',
          version,
          description: [
            'Wild-animal sightings ("alerts") on a map. Anonymous for visitors. Staff (moderators, responders,',
            'admins) sign in with a passkey or single sign-on in a browser (a session cookie; every write also sends',
            '`X-CSRF-Token`), and scripts send a personal API token: `Authorization: Bearer wa_…`.',
            '',
            'Limits per client address: anonymous writes (new alerts, abuse reports, votes) per minute and per day,',
            'every other request per minute. Per network (IPv4 /24, IPv6 /48): alerts voted on per day, and wrong',
            'API tokens and failed sign-ins per minute (then every token from there waits). Over a limit the answer is 429 with `Retry-After`.',
            '',
            'Query parameter names are case-insensitive (`Latitude`, `latitude` and `LATITUDE` are one).',
            'Every error is `application/problem+json` (RFC 9457); a validation error lists in `errors`,',
            'by field, what is wrong: a stable `code` (see the Problem schema) with its parameters',
            '(`limit`, `allowed`…), and a `message` in the language of `Accept-Language` (English,',
            'Polish or Ukrainian; English when none matches). Problem types used besides `about:blank`:',
            ...Object.values(PROBLEM_TYPES).map((t) => `- \`${t}\``),
          ].join('\n'),
        },
        tags: [
          { name: 'alerts', description: 'Sightings' },
          { name: 'open data', description: 'OGC API – Features under /ogc, for GIS tools (the tiles as vector tiles are under alerts)' },
          { name: 'catalogue', description: 'The animals an alert can name' },
          { name: 'moderation', description: 'Abuse reports and the moderator' },
          { name: 'staff', description: 'Staff accounts: sign-in, passkeys, invites, API tokens, people and the audit log' },
          { name: 'organisations', description: 'Organisations that act on reports: their members, inboxes, status steps and figures' },
          { name: 'push', description: 'Area alerts by web push, without an account' },
          { name: 'email', description: 'Area alerts by e-mail: double opt-in, digests, one-click unsubscribe, bounces' },
          { name: 'places', description: "Place search through the server's geocoder" },
          { name: 'dashboard', description: "The city's dashboard: alerts by period, area, hour, behaviour and verification level; response times (staff)" },
          { name: 'operations', description: 'Health' },
        ],
        components: {
          securitySchemes: {
            staffSession: {
              type: 'apiKey',
              in: 'cookie',
              name: 'wildalert-session',
              description: 'A signed-in browser (`__Host-wildalert-session` over HTTPS); writes also send X-CSRF-Token',
            },
            staffToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (wa_…), made on the account screen' },
          },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  // It documents the routes registered after it: every route plugin depends on it.
  { name: 'wildalert-docs', dependencies: [] },
);
