/** /Alerts: search around a point, read one, add one. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  AlertListResponseSchema,
  AlertResponseSchema,
  AlertsGeoJsonSchema,
  AlertsQuerySchema,
  CreateAlertBodySchema,
  LIMIT_DEFAULT,
  RADIUS_DEFAULT_KM,
  UUID_PATTERN,
  type AlertsQuery,
  type AlertsQueryInput,
} from '@wildalert/shared';
import { clientNetwork } from '../http/client-address.ts';
import { roleAllows } from '@wildalert/shared';
import { STAFF_SECURITY } from '../staff/staff-member.ts';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../http/problem.ts';
import { IdempotencyKeyReusedError, ReplayedAlertHiddenError } from '../repositories/alerts-repository.ts';

const CreateAlertHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      // Printable ASCII, optionally quoted as a structured-field string.
      pattern: '^"?[\\x21\\x23-\\x7E]{1,200}"?$',
      description:
        'A unique value per intended alert (a UUID, say). A retry with the same key answers ' +
        'the alert stored the first time instead of storing another (404 if that alert was hidden since). ' +
        "A key belongs to the client's network (IPv4 /24, IPv6 /48): the same key with another body is refused (422) " +
        'from that network only; from another network only the very same request is a retry (a phone that changed ' +
        'networks), and any other body makes a new alert.',
    }),
  ),
});

/** The reads below spend their client's database time (plugins/query-budget.ts). */
const queryBudget = { queryBudget: true };

/** The query with the defaults validation fills in, stated again for the type checker. */
const withDefaults = (q: AlertsQueryInput): AlertsQuery => ({
  ...q,
  radius: q.radius ?? RADIUS_DEFAULT_KM,
  limit: q.limit ?? LIMIT_DEFAULT,
});

/**
 * Sends a body the database wrote as text, as it is: not parsed and serialised again. Its
 * shape is the route's response schema all the same, which the API tests' contract check
 * holds every answer to (test/contract.ts).
 */
const sendText = (reply: FastifyReply, contentType: string, text: string) => reply.type(contentType).send(text as never);

const alerts: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Alerts',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'searchAlerts',
        summary: 'Alerts within a radius of a point, newest first',
        querystring: AlertsQuerySchema,
        response: { 200: AlertListResponseSchema, ...problemResponses(400) },
      },
      config: queryBudget,
    },
    async (request, reply) => {
      const query = withDefaults(request.query);
      const body = await app.services.alerts.search(query);
      return sendText(reply, 'application/json; charset=utf-8', body);
    },
  );

  // The same search as open data, for GIS tools and spreadsheets.
  app.get(
    '/Alerts.geojson',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'searchAlertsGeoJson',
        summary: 'The alerts of GET /Alerts as GeoJSON',
        description:
          'Same query and validation as `GET /Alerts`: a FeatureCollection of Points, coordinates ' +
          '`[longitude, latitude]`, properties `id`, `animal`, `comments`, `createdAt`, `photos`, `stillThere`, `gone`, `lastSeenAt`, `howMany`, `young`, `behaviour`, `place` (street and district, null until looked up), `officialStatus`, `licence`.',
        querystring: AlertsQuerySchema,
        response: {
          200: { description: 'A GeoJSON FeatureCollection', content: { 'application/geo+json': { schema: AlertsGeoJsonSchema } } },
          ...problemResponses(400),
        },
      },
      config: queryBudget,
    },
    async (request, reply) => {
      const body = await app.alerts.searchGeoJson(withDefaults(request.query));
      return sendText(reply, 'application/geo+json; charset=utf-8', body);
    },
  );

  app.get(
    '/Alerts.csv',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'searchAlertsCsv',
        summary: 'The alerts of GET /Alerts as CSV',
        description:
          'Same query and validation as `GET /Alerts`. RFC 4180: a header row ' +
          '(`id,latitude,longitude,animal,comments,createdAt,photos,stillThere,gone,lastSeenAt,howMany,young,behaviour,place,officialStatus,officialStatusOrganisation,officialStatusAt,officialStatusOutcome,officialStatusNote,licence`), CRLF line ends, comments quoted, ' +
          'the official status flattened (its code, the organisation\'s Polish name, when, the outcome, the public note; empty cells without one), ' +
          'the licence its reporter gave (empty when none), ' +
          'photos as the addresses of their larger copies separated by spaces. ' +
          'A comment starting with `=`, `+`, `-` or `@` is prefixed with `\'` so that a spreadsheet ' +
          'does not run it as a formula.',
        querystring: AlertsQuerySchema,
        response: {
          200: { description: 'CSV with a header row', content: { 'text/csv': { schema: Type.String() } } },
          ...problemResponses(400),
        },
      },
      config: queryBudget,
    },
    async (request, reply) => {
      const body = await app.alerts.searchCsv(withDefaults(request.query));
      reply.header('content-disposition', 'attachment; filename="wildalert-alerts.csv"');
      return sendText(reply, 'text/csv; charset=utf-8; header=present', body);
    },
  );

  app.get(
    '/Alerts/:id',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'getAlert',
        summary: 'One alert',
        description:
          'To a moderator (signed in, or by API token), a sensitive species is answered at its exact point instead of its published one.',
        security: [{}, ...STAFF_SECURITY],
        params: Type.Object({ id: Type.String({ description: 'UUID' }) }),
        // 400: a path that is not valid percent-encoding.
        response: { 200: AlertResponseSchema, ...problemResponses(400, 401, 403, 404) },
      },
      config: queryBudget,
    },
    async (request, reply) => {
      const { id } = request.params;
      const member = await app.staffOf(request);
      const exact = member !== null && roleAllows(member.role, 'moderator');
      // A shared cache must never hand the moderator's answer to the public.
      reply.header('vary', 'Authorization, Cookie');
      if (exact) reply.header('cache-control', 'private, no-store');
      const alert = !UUID_PATTERN.test(id) ? undefined : exact ? await app.moderation.exactById(id) : await app.alerts.findById(id);
      if (!alert) throw new HttpProblem({ status: 404, detail: `There is no alert ${id}.` });
      return { data: alert };
    },
  );

  app.post(
    '/Alerts',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'createAlert',
        summary: 'Add an alert (a sighting)',
        description: 'The server sets `id` and `createdAt`. Answered only once the alert is committed.',
        headers: CreateAlertHeadersSchema,
        body: CreateAlertBodySchema,
        response: {
          201: {
            ...AlertResponseSchema,
            description: 'Stored (or stored before, under the same Idempotency-Key)',
            headers: {
              Location: { type: 'string', description: "The alert's address" },
              'Alert-Key': {
                type: 'string',
                description:
                  'The proof that this client reported the alert: send it as the `Alert-Key` header to add photos ' +
                  '(POST /Alerts/{id}/photos). Given only here, and again on a retry with the same Idempotency-Key.',
              },
              'Idempotent-Replayed': { type: 'string', enum: ['true'], description: 'Present when the alert was stored before, under the same Idempotency-Key' },
            },
          },
          // 404: a replayed Idempotency-Key whose alert a moderator or abuse reports hid since.
          ...problemResponses(400, 404, 413, 415, 422),
        },
      },
      config: { rateLimit: false },
      onRequest: app.limitWrites,
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key']?.replace(/^"(.*)"$/, '$1');
      try {
        const { alert, replayed, alertKey } = await app.services.alerts.create(request.body, clientNetwork(request), key);
        reply.code(201).header('location', `/Alerts/${alert.id}`).header('alert-key', alertKey);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return { data: alert };
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) {
          throw new HttpProblem({
            status: 422,
            detail: 'This Idempotency-Key was already used for a different alert; use a new key for a new alert.',
            type: PROBLEM_TYPES.idempotencyKeyReused,
          });
        }
        if (error instanceof ReplayedAlertHiddenError) throw new HttpProblem({ status: 404, detail: `There is no alert ${error.alertId}.` });
        throw error;
      }
    },
  );
};

// Still encapsulated (as a plain plugin would be); fastify-plugin only adds the name and the
// dependencies, so that registering it before what it uses fails at start, naming what is missing.
export default fp(alerts, {
  name: 'wildalert-alerts-routes',
  dependencies: [
    'wildalert-errors',
    'wildalert-repositories',
    'wildalert-services',
    'wildalert-rate-limit',
    'wildalert-query-budget',
    'wildalert-staff-auth',
    'wildalert-docs',
  ],
  encapsulate: true,
});
