/**
 * An organisation's webhooks (staff): admins add, delete and test endpoints and rotate their
 * secrets; the organisation's members and admins read the endpoints and each one's delivery log.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import {
  fieldError,
  UUID_PATTERN,
  WebhookDeliverySchema,
  WebhookEndpointBodySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../http/problem.ts';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';
import { refusalOf } from '../webhooks/webhook-targets.ts';

const LOG_LIMIT_DEFAULT = 50;
const LOG_LIMIT_MAX = 200;

const OrganisationParams = Type.Object({ id: Type.String({ description: "The organisation's UUID" }) });
const EndpointParams = Type.Object({ id: Type.String({ description: "The organisation's UUID" }), hookId: Type.String({ description: "The endpoint's UUID" }) });

const noOrganisation = (id: string) => new HttpProblem({ status: 404, detail: `There is no organisation ${id}.` });
const noEndpoint = (hookId: string) => new HttpProblem({ status: 404, detail: `This organisation has no webhook endpoint ${hookId}.` });

const staffWebhooks: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = app.requireStaff('admin');
  const anyStaff = app.requireStaff('responder');
  const repo = app.webhooks.repository;

  /** An admin may act for every organisation (404 when there is none); anyone else for their own only (403). */
  async function checkAccess(request: FastifyRequest, organisationId: string): Promise<void> {
    const staff = request.staffMember!;
    if (staff.role === 'admin') {
      if (!UUID_PATTERN.test(organisationId) || !(await repo.organisationExists(organisationId))) throw noOrganisation(organisationId);
      return;
    }
    if (!UUID_PATTERN.test(organisationId) || !(await repo.isMember(organisationId, staff.accountId))) {
      throw new HttpProblem({ status: 403, detail: "Only the organisation's members and admins may see its webhooks." });
    }
  }

  app.get(
    '/staff/organisations/:id/webhooks',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listWebhooks',
        summary: "An organisation's webhook endpoints (members, admins)",
        description: 'Oldest first. Secrets are never shown here: only when made (created, rotated).',
        security: STAFF_SECURITY,
        params: OrganisationParams,
        response: { 200: Type.Object({ data: Type.Array(WebhookEndpointSchema) }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      await checkAccess(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return { data: await repo.endpoints(request.params.id) };
    },
  );

  app.post(
    '/staff/organisations/:id/webhooks',
    {
      schema: {
        tags: ['staff'],
        operationId: 'createWebhook',
        summary: 'Add a webhook endpoint (admin)',
        description:
          "The URL must be https on a host whose addresses are all public (or one the operator trusts: WEBHOOK_TRUSTED_HOSTS). The answer holds the endpoint's secret (whsec_…), shown this once.",
        security: STAFF_SECURITY,
        params: OrganisationParams,
        body: WebhookEndpointBodySchema,
        response: { 201: Type.Object({ data: WebhookEndpointWithSecretSchema }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkAccess(request, id);
      const refusal = await refusalOf(request.body.url, app.webhooks.policy);
      if (refusal) {
        throw new HttpProblem({
          status: 400,
          type: PROBLEM_TYPES.validation,
          detail: `url ${refusal.message}`,
          errors: { url: [fieldError({ code: refusal.code })] },
        });
      }
      const created = await repo.create(id, { url: request.body.url, description: request.body.description ?? '' }, actorOf(request.staffMember!));
      if (!created) throw noOrganisation(id);
      reply.code(201).header('cache-control', 'no-store');
      return { data: created };
    },
  );

  app.delete(
    '/staff/organisations/:id/webhooks/:hookId',
    {
      schema: {
        tags: ['staff'],
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint (admin)',
        description: 'Its queued messages and its delivery log go with it.',
        security: STAFF_SECURITY,
        params: EndpointParams,
        response: { 204: Type.Null(), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id, hookId } = request.params;
      await checkAccess(request, id);
      if (!UUID_PATTERN.test(hookId) || !(await repo.remove(id, hookId, actorOf(request.staffMember!)))) throw noEndpoint(hookId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/organisations/:id/webhooks/:hookId/rotate-secret',
    {
      schema: {
        tags: ['staff'],
        operationId: 'rotateWebhookSecret',
        summary: "Give a webhook endpoint a new secret (admin)",
        description:
          'The answer holds the new secret, shown this once. For 24 hours the old one signs too: webhook-signature carries both signatures, so the receiver may switch at its own pace.',
        security: STAFF_SECURITY,
        params: EndpointParams,
        response: { 200: Type.Object({ data: WebhookEndpointWithSecretSchema }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id, hookId } = request.params;
      await checkAccess(request, id);
      const rotated = UUID_PATTERN.test(hookId) ? await repo.rotateSecret(id, hookId, actorOf(request.staffMember!)) : undefined;
      if (!rotated) throw noEndpoint(hookId);
      reply.header('cache-control', 'no-store');
      return { data: rotated };
    },
  );

  app.post(
    '/staff/organisations/:id/webhooks/:hookId/test',
    {
      schema: {
        tags: ['staff'],
        operationId: 'testWebhook',
        summary: 'Send a test message to a webhook endpoint (admin)',
        description:
          'Queues a `webhook.test` message, signed and retried like any other; its delivery log entry shows what the receiver answered. Delivered to an endpoint disabled by a 410 Gone, it enables the endpoint again.',
        security: STAFF_SECURITY,
        params: EndpointParams,
        response: { 202: Type.Object({ data: WebhookDeliverySchema }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id, hookId } = request.params;
      await checkAccess(request, id);
      const queued = UUID_PATTERN.test(hookId) ? await repo.enqueueTest(id, hookId, actorOf(request.staffMember!)) : undefined;
      if (!queued) throw noEndpoint(hookId);
      reply.code(202);
      return { data: queued };
    },
  );

  app.get(
    '/staff/organisations/:id/webhooks/:hookId/deliveries',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listWebhookDeliveries',
        summary: "A webhook endpoint's delivery log (members, admins)",
        description: 'The messages queued for it, newest first: attempts, the latest answer or error, the next attempt, when delivered or given up. Kept 30 days.',
        security: STAFF_SECURITY,
        params: EndpointParams,
        querystring: Type.Object(
          { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOG_LIMIT_MAX, default: LOG_LIMIT_DEFAULT })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ data: Type.Array(WebhookDeliverySchema) }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const { id, hookId } = request.params;
      await checkAccess(request, id);
      const log = UUID_PATTERN.test(hookId) ? await repo.deliveries(id, hookId, request.query.limit ?? LOG_LIMIT_DEFAULT) : undefined;
      if (!log) throw noEndpoint(hookId);
      reply.header('cache-control', 'no-store');
      return { data: log };
    },
  );
};

export default fp(staffWebhooks, {
  name: 'wildalert-staff-webhooks-routes',
  dependencies: ['wildalert-errors', 'wildalert-staff-auth', 'wildalert-docs', 'wildalert-webhooks'],
  encapsulate: true,
});
