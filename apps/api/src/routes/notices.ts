/**
 * Official notices (issue 33): a member of an organisation (or a staff admin) posts and removes
 * its notices; anyone reads those in force around a point (GET /Notices).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { fieldError, NoticeBodySchema, NoticeListResponseSchema, NoticeSchema, NoticesQuerySchema, RADIUS_DEFAULT_KM, roleAllows, UUID_PATTERN } from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../http/problem.ts';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';

/**
 * Short: a notice posted or removed shows on open maps within a minute (they ask again each
 * minute, notices-layer.tsx), and an ended one is dropped by the maps at its end themselves.
 */
const NOTICES_CACHE_CONTROL = 'public, max-age=30';

const OrganisationParams = Type.Object({ id: Type.String({ description: 'UUID of the organisation' }) });
const NoticeParams = Type.Object({ id: Type.String({ description: 'UUID of the organisation' }), noticeId: Type.String({ description: 'UUID of the notice' }) });

const notices: FastifyPluginAsyncTypebox = async (app) => {
  const staffOnly = app.requireStaff('responder');

  /** A member of the organisation, or a staff admin; 403 for anyone else (whether or not it exists), 404 for an unknown one. */
  async function mayAct(request: FastifyRequest, organisationId: string): Promise<void> {
    const staff = request.staffMember!;
    const member = UUID_PATTERN.test(organisationId) && (await app.services.notices.isMember(organisationId, staff.accountId));
    if (!member && !roleAllows(staff.role, 'admin')) {
      throw new HttpProblem({ status: 403, detail: 'Only a member of this organisation (or an admin) may do this.' });
    }
    if (!UUID_PATTERN.test(organisationId)) throw new HttpProblem({ status: 404, detail: `There is no organisation ${organisationId}.` });
  }

  app.post(
    '/staff/organisations/:id/notices',
    {
      schema: {
        tags: ['staff'],
        operationId: 'postNotice',
        summary: 'Post an official notice for an area (member or admin)',
        description: [
          'Shown on the map and the list around its area from `startsAt` (now when left out) until `endsAt`',
          '(at most 7 days later), and pushed once, when posted, to each push subscription whose circle meets the area.',
        ].join('\n'),
        security: STAFF_SECURITY,
        params: OrganisationParams,
        body: NoticeBodySchema,
        response: { 201: Type.Object({ data: NoticeSchema }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      await mayAct(request, id);
      const result = await app.services.notices.post(id, request.body, actorOf(request.staffMember!));
      if (result.kind === 'no-organisation') throw new HttpProblem({ status: 404, detail: `There is no organisation ${id}.` });
      if (result.kind === 'invalid') {
        throw new HttpProblem({
          status: 400,
          type: PROBLEM_TYPES.validation,
          detail: `${result.field}: ${result.reason}`,
          errors: { [result.field]: [fieldError({ code: 'invalid' })] },
        });
      }
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ data: result.notice });
    },
  );

  app.get(
    '/staff/organisations/:id/notices',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listOrganisationNotices',
        summary: "An organisation's notices (member or admin)",
        description: 'Those not ended and those ended in the last 7 days, the latest ending first.',
        security: STAFF_SECURITY,
        params: OrganisationParams,
        response: { 200: NoticeListResponseSchema, ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      await mayAct(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return { data: await app.services.notices.ofOrganisation(request.params.id) };
    },
  );

  app.delete(
    '/staff/organisations/:id/notices/:noticeId',
    {
      schema: {
        tags: ['staff'],
        operationId: 'removeNotice',
        summary: 'Remove a notice (member or admin)',
        description: 'It leaves the map at once for new visitors, within a minute for open maps; pushes not sent yet are not sent.',
        security: STAFF_SECURITY,
        params: NoticeParams,
        response: { 204: Type.Null(), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: staffOnly,
    },
    async (request, reply) => {
      const { id, noticeId } = request.params;
      await mayAct(request, id);
      const removed = UUID_PATTERN.test(noticeId) && (await app.services.notices.remove(id, noticeId, actorOf(request.staffMember!)));
      if (!removed) throw new HttpProblem({ status: 404, detail: `The organisation has no notice ${noticeId}.` });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/Notices',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'listNotices',
        summary: 'Official notices in force around a point',
        description: 'Notices in force now whose area meets the circle (`Latitude`, `Longitude`, `Radius` in km), the soonest ending first.',
        querystring: NoticesQuerySchema,
        response: { 200: NoticeListResponseSchema, ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const { latitude, longitude, radius = RADIUS_DEFAULT_KM } = request.query;
      reply.header('cache-control', NOTICES_CACHE_CONTROL);
      return { data: await app.services.notices.inForce(latitude, longitude, radius) };
    },
  );
};

export default fp(notices, {
  name: 'wildalert-notices-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-staff-auth', 'wildalert-docs'],
  encapsulate: true,
});
