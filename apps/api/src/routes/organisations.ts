/** Organisations and their members (issue 33): admins keep them; a member sees their own. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { OrganisationBodySchema, OrganisationSchema, UUID_PATTERN } from '@wildalert/shared';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import { HandedOverToError } from '../repositories/organisations-repository.ts';
import { BadAreaError, NoOrganisationError, NotAMemberError } from '../services/organisations-service.ts';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';

const IdParams = Type.Object({ id: Type.String({ description: 'The organisation (UUID)' }) });
const MemberParams = Type.Object({ id: IdParams.properties.id, accountId: Type.String({ description: 'The staff account (UUID)' }) });

const noOrganisation = (id: string) => new HttpProblem({ status: 404, detail: `There is no organisation ${id}.` });

/** The problem answer for an error of the organisations or inbox services; others are rethrown. */
export function organisationProblem(error: unknown, id: string): never {
  if (error instanceof NotAMemberError) throw new HttpProblem({ status: 403, detail: 'Only members of this organisation and admins may do this.' });
  if (error instanceof NoOrganisationError) throw noOrganisation(id);
  if (error instanceof BadAreaError) throw new HttpProblem({ status: 400, detail: error.message });
  if (error instanceof HandedOverToError) {
    throw new HttpProblem({ status: 409, detail: 'Other organisations handed alerts over to this one: their entries name it, so it cannot be deleted.' });
  }
  throw error;
}


/** A path id that is no UUID names nothing: 404 before the database is asked. */
export function checkId(id: string): void {
  if (!UUID_PATTERN.test(id)) throw noOrganisation(id);
}

const organisations: FastifyPluginAsyncTypebox = async (app) => {
  const anyStaff = app.requireStaff('responder');
  const adminOnly = app.requireStaff('admin');
  const service = app.services.organisations;

  app.get(
    '/staff/organisations',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'listOrganisations',
        summary: 'Organisations: every one for an admin, your own for anyone else',
        security: STAFF_SECURITY,
        response: { 200: Type.Object({ data: Type.Array(OrganisationSchema) }), ...problemResponses(400, 401, 403) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await service.visibleTo(request.staffMember!) };
    },
  );

  app.post(
    '/staff/organisations',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'createOrganisation',
        summary: 'A new organisation (admin)',
        description: 'Its area (a circle, a GeoJSON Polygon or null for everywhere), what lands in its inbox (`rules`), its hours and number.',
        security: STAFF_SECURITY,
        body: OrganisationBodySchema,
        response: { 201: OrganisationSchema, ...problemResponses(400, 401, 403) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const created = await service.create(request.body, actorOf(request.staffMember!)).catch((error: unknown) => organisationProblem(error, ''));
      return reply.code(201).header('location', `/staff/organisations/${created.id}`).send(created);
    },
  );

  app.get(
    '/staff/organisations/:id',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'getOrganisation',
        summary: 'One organisation (its members and admins)',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 200: OrganisationSchema, ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const { id } = request.params;
      checkId(id);
      reply.header('cache-control', 'no-store');
      return service.get(request.staffMember!, id).catch((error: unknown) => organisationProblem(error, id));
    },
  );

  app.put(
    '/staff/organisations/:id',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'updateOrganisation',
        summary: 'Change an organisation (admin)',
        description: 'The whole organisation, as POST takes it. Alerts already in its inbox stay there.',
        security: STAFF_SECURITY,
        params: IdParams,
        body: OrganisationBodySchema,
        response: { 200: OrganisationSchema, ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      const { id } = request.params;
      checkId(id);
      return service.update(id, request.body, actorOf(request.staffMember!)).catch((error: unknown) => organisationProblem(error, id));
    },
  );

  app.delete(
    '/staff/organisations/:id',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'deleteOrganisation',
        summary: 'Delete an organisation (admin)',
        description: 'With its inbox: the official statuses it gave alerts go too. Refused (409) while others\' entries name it as handed over to.',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...problemResponses(400, 401, 403, 404, 409) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      checkId(id);
      await service.remove(id, actorOf(request.staffMember!)).catch((error: unknown) => organisationProblem(error, id));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/staff/organisations/:id/members/:accountId',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'addMember',
        summary: 'Make a staff account a member (admin)',
        description: 'A member sees and works the organisation\'s inbox. Already one: nothing changes.',
        security: STAFF_SECURITY,
        params: MemberParams,
        response: { 204: Type.Null({ description: 'A member' }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id, accountId } = request.params;
      checkId(id);
      const noAccount = new HttpProblem({ status: 404, detail: `There is no staff account ${accountId}.` });
      if (!UUID_PATTERN.test(accountId)) throw noAccount;
      const result = await service.addMember(id, accountId, actorOf(request.staffMember!)).catch((error: unknown) => organisationProblem(error, id));
      if (result === 'no-account') throw noAccount;
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/staff/organisations/:id/members/:accountId',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'removeMember',
        summary: 'End a membership (admin)',
        description: 'Not a member: nothing changes.',
        security: STAFF_SECURITY,
        params: MemberParams,
        response: { 204: Type.Null({ description: 'Not a member' }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id, accountId } = request.params;
      checkId(id);
      if (UUID_PATTERN.test(accountId)) {
        await service.removeMember(id, accountId, actorOf(request.staffMember!)).catch((error: unknown) => organisationProblem(error, id));
      }
      return reply.code(204).send(null);
    },
  );
};

export default fp(organisations, {
  name: 'wildalert-organisations-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-staff-auth', 'wildalert-docs'],
  encapsulate: true,
});
