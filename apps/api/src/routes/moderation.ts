/**
 * Moderation. Visitors report an abusive alert (POST /Alerts/{id}/reports); an alert
 * reported from REPORTS_TO_HIDE networks is hidden until a moderator reviews it, within
 * each network's daily budget of automatic hides. Moderators (staff/) hide alerts
 * (DELETE /Alerts/{id}), lists the reported ones and restores them. Hidden alerts are kept,
 * never shown.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import {
  AlertResponseSchema,
  AlertSchema,
  CreateReportBodySchema,
  LIMIT_MAX,
  ReportResponseSchema,
  UUID_PATTERN,
  PLAUSIBILITY_CHECKS,
  VerificationChangeSchema,
  VerificationDecisionSchema,
} from '@wildalert/shared';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import { clientNetwork } from '../http/client-address.ts';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';
import { HIDES_PER_NETWORK_PER_DAY, REPORTS_TO_HIDE } from '../repositories/moderation-repository.ts';
import { SameAnimalError } from '../repositories/verification-repository.ts';


const IdParams = Type.Object({ id: Type.String({ description: 'UUID' }) });


/** Reported alerts listed when the moderator does not say how many. */
const REVIEW_LIMIT_DEFAULT = 100;

const ReportedAlertListSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      alert: AlertSchema,
      hidden: Type.Boolean(),
      hiddenBy: Type.Union([Type.Literal('moderator'), Type.Literal('reports'), Type.Null()]),
      hiddenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      reports: Type.Array(Type.Object({ reason: Type.String(), reportedAt: Type.String({ format: 'date-time' }) }), {
        description: 'Open reports (made since the last review), newest first',
      }),
      checks: Type.Array(Type.Enum([...PLAUSIBILITY_CHECKS]), {
        description: 'The plausibility checks the report failed when it was made (issue 35); empty: none',
      }),
    }),
  ),
  truncated: Type.Boolean(),
});

const notFound = (id: string) => new HttpProblem({ status: 404, detail: `There is no alert ${id}.` });

const moderation: FastifyPluginAsyncTypebox = async (app) => {
  const moderatorOnly = app.requireStaff('moderator');
  app.post(
    '/Alerts/:id/reports',
    {
      schema: {
        tags: ['moderation'],
        operationId: 'reportAlert',
        summary: 'Report an alert as abusive',
        description: [
          'Anonymous. Reports count by network (IPv4 /24, IPv6 /48): one per alert and network, and a repeat from',
          "the same network answers 200 (already counted) with the network's report time and the caller's own reason.",
          '',
          `An alert reported from ${REPORTS_TO_HIDE} networks is hidden until a moderator reviews it, but a network's`,
          `report counts towards that only while the network has taken part in fewer than ${HIDES_PER_NETWORK_PER_DAY}`,
          'automatic hides in the last 24 hours; beyond that, and for an alert a moderator has reviewed (restored),',
          'reports are stored and wait for a moderator (`GET /moderation/reports`) without hiding anything.',
          'Counts against the write limits.',
        ].join('\n'),
        params: IdParams,
        body: CreateReportBodySchema,
        response: { 200: ReportResponseSchema, 201: ReportResponseSchema, ...problemResponses(400, 404, 413, 415) },
      },
      config: { rateLimit: false },
      onRequest: app.limitWrites,
      // No body at all (a bare POST) is a report without a reason; a JSON null is refused as its schema says.
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = UUID_PATTERN.test(id) ? await app.services.moderation.report(id, clientNetwork(request), request.body.reason ?? '') : undefined;
      if (!result) throw notFound(id);
      return reply.code(result.created ? 201 : 200).send({ data: result.report });
    },
  );

  app.delete(
    '/Alerts/:id',
    {
      schema: {
        tags: ['moderation'],
        operationId: 'hideAlert',
        summary: 'Hide an alert (moderator)',
        description: 'The alert disappears from every read but is kept for audit; its open reports are closed. Repeating it is harmless.',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Hidden' }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: moderatorOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!UUID_PATTERN.test(id) || !(await app.services.moderation.hide(id, actorOf(request.staffMember!)))) throw notFound(id);
      return reply.code(204).send(null);
    },
  );

  /** A moderator's list of alerts to review, at their exact points, with their reports and photos. */
  const reviewList = (
    path: string,
    texts: { operationId: string; summary: string; description: string },
    load: (limit: number) => ReturnType<typeof app.moderation.reported>,
  ) =>
    app.get(
      path,
      {
        schema: {
          tags: ['moderation'],
          ...texts,
          security: STAFF_SECURITY,
          querystring: Type.Object(
            { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMIT_MAX, default: REVIEW_LIMIT_DEFAULT })) },
            { additionalProperties: false },
          ),
          response: { 200: ReportedAlertListSchema, ...problemResponses(400, 401, 403) },
        },
        onRequest: moderatorOnly,
      },
      async (request, reply) => {
        const { limit = REVIEW_LIMIT_DEFAULT } = request.query;
        const rows = await load(limit);
        reply.header('cache-control', 'no-store');
        return { data: rows.slice(0, limit), truncated: rows.length > limit };
      },
    );

  reviewList(
    '/moderation/reports',
    {
      operationId: 'listReportedAlerts',
      summary: 'Reported alerts awaiting review (moderator)',
      description:
        'Alerts with open reports (made since the last review), hidden or not, at their exact points: hidden ones first, ' +
        'then the most recently reported. Reports that did not hide their alert (over a network budget, or a reviewed alert) wait here, ' +
        'and so do shown alerts that failed a plausibility check (`checks`) until a moderator confirms, corrects or rejects them or they become likely.',
    },
    (limit) => app.moderation.reported(limit),
  );

  reviewList(
    '/moderation/hidden',
    {
      operationId: 'listHiddenAlerts',
      summary: 'Hidden alerts (moderator)',
      description:
        'Alerts hidden by a moderator or by reports, the most recently hidden first, at their exact points, with every report ' +
        'they had (newest first) and their photos (served to the moderator by `GET /moderation/photos/{key}`: the public URLs answer 404).',
    },
    (limit) => app.moderation.hidden(limit),
  );

  app.get(
    '/moderation/photos/:key',
    {
      schema: {
        tags: ['moderation'],
        operationId: 'getPhotoCopyForModerator',
        summary: "A photo's copy, whether its alert is shown or hidden (moderator)",
        description: 'The same copies as `GET /photos/{key}`, also of hidden alerts, never cached by anyone but the moderator.',
        security: STAFF_SECURITY,
        params: Type.Object({ key: Type.String() }),
        response: {
          200: { description: 'The image', content: { 'image/webp': { schema: Type.Unsafe({ type: 'string', format: 'binary' }) } } },
          ...problemResponses(400, 401, 403, 404),
        },
      },
      onRequest: moderatorOnly,
    },
    async (request, reply) => {
      const { key } = request.params;
      const missing = new HttpProblem({ status: 404, detail: `There is no photo ${key}.` });
      if (!/^[\w-]{32}\.webp$/.test(key) || !(await app.moderation.photoCopyExists(key))) throw missing;
      const body = await app.photoStorage.get(key);
      if (!body) throw missing;
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(body);
    },
  );

  app.post(
    '/moderation/alerts/:id/restore',
    {
      schema: {
        tags: ['moderation'],
        operationId: 'restoreAlert',
        summary: 'Show a hidden alert again (moderator)',
        description:
          'Marks the alert reviewed: its reports so far are closed, and reports never hide it again (they only queue for a moderator).',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 200: AlertResponseSchema, ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: moderatorOnly,
    },
    async (request) => {
      const { id } = request.params;
      const alert = UUID_PATTERN.test(id) ? await app.services.moderation.restore(id, actorOf(request.staffMember!)) : undefined;
      if (!alert) throw notFound(id);
      return { data: alert };
    },
  );

  app.post(
    '/moderation/alerts/:id/verification',
    {
      schema: {
        tags: ['moderation'],
        operationId: 'setAlertVerification',
        summary: "Confirm, correct or reject an alert (moderator)",
        description: [
          'Sets the verification level whatever it was (issue 35): `confirmed`; `corrected` with the right `animal` and an optional',
          'public `note` (the alert shows the animal as corrected, and `verification.correctedFrom` the one reported; a sensitive species',
          "is coarsened as usual); `rejected` with a `reason` (`not-wild`, `hoax`, `other`) and an optional `note`. The alert stays shown",
          'with its level. Every change is kept (`GET` on this address). Open maps, caches, tiles, feeds and exports of every instance follow.',
          'An alert held back by its plausibility checks goes out to area alerts once confirmed or corrected.',
        ].join('\n'),
        security: STAFF_SECURITY,
        params: IdParams,
        body: VerificationDecisionSchema,
        response: { 200: AlertResponseSchema, ...problemResponses(400, 401, 403, 404, 413, 415) },
      },
      onRequest: moderatorOnly,
    },
    async (request) => {
      const { id } = request.params;
      try {
        const alert = UUID_PATTERN.test(id) ? await app.services.moderation.decide(id, request.body, actorOf(request.staffMember!)) : undefined;
        if (!alert) throw notFound(id);
        return { data: alert };
      } catch (error) {
        if (error instanceof SameAnimalError) throw new HttpProblem({ status: 400, detail: 'The alert already shows that animal: a correction names another.' });
        throw error;
      }
    },
  );

  app.get(
    '/moderation/alerts/:id/verification',
    {
      schema: {
        tags: ['moderation'],
        operationId: 'listAlertVerificationChanges',
        summary: "An alert's changes of verification level (moderator)",
        description: 'Every change of its level, oldest first: what, who (an organisation, a staff account, or the evidence) and when.',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Array(VerificationChangeSchema) }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: moderatorOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      const changes = UUID_PATTERN.test(id) ? await app.services.moderation.history(id) : undefined;
      if (!changes) throw notFound(id);
      reply.header('cache-control', 'no-store');
      return { data: changes };
    },
  );
};

// Still encapsulated (as a plain plugin would be); fastify-plugin only adds the name and the
// dependencies, so that registering it before what it uses fails at start, naming what is missing.
export default fp(moderation, {
  name: 'wildalert-moderation-routes',
  dependencies: [
    'wildalert-errors',
    'wildalert-repositories',
    'wildalert-services',
    'wildalert-rate-limit',
    'wildalert-staff-auth',
    'wildalert-docs',
    'wildalert-photo-storage',
  ],
  encapsulate: true,
});
