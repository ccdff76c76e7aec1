/** The admin's view of staff: people, their roles and last sign-in, disabling them, and the audit log. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { UUID_PATTERN } from '@wildalert/shared';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import { IdParams, RoleSchema } from '../staff/schemas.ts';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';

const AccountSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  role: RoleSchema,
  disabled: Type.Boolean(),
  sso: Type.Boolean({ description: "Signs in by the city's single sign-on" }),
  passkeys: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  lastSignInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const AUDIT_LIMIT_DEFAULT = 50;
const AUDIT_LIMIT_MAX = 200;

const staffAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = app.requireStaff('admin');

  app.get(
    '/staff/accounts',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listAccounts',
        summary: 'People (admin)',
        description: 'Every staff account, enabled first; admins, moderators, responders; then by name.',
        security: STAFF_SECURITY,
        response: { 200: Type.Object({ data: Type.Array(AccountSchema) }), ...problemResponses(400, 401, 403) },
      },
      onRequest: adminOnly,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await app.staff.accounts() };
    },
  );

  app.post(
    '/staff/accounts/:id',
    {
      schema: {
        tags: ['staff'],
        operationId: 'updateAccount',
        summary: 'Change a role, disable or enable an account (admin)',
        description: 'Disabling ends its sessions and stops its API tokens at once. The last enabled admin stays one (409).',
        security: STAFF_SECURITY,
        params: IdParams,
        body: Type.Object({ role: Type.Optional(RoleSchema), disabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: Type.Object({ data: AccountSchema }), ...problemResponses(400, 401, 403, 404, 409) },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      const { id } = request.params;
      const result = UUID_PATTERN.test(id) ? await app.staff.updateAccount(id, request.body, actorOf(request.staffMember!)) : undefined;
      if (!result) throw new HttpProblem({ status: 404, detail: `There is no account ${id}.` });
      if ('refused' in result) throw new HttpProblem({ status: 409, detail: 'This is the last enabled admin: make another admin first.' });
      return { data: result };
    },
  );

  app.get(
    '/staff/audit',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listAudit',
        summary: 'The audit log (admin)',
        description: 'Every staff action with the person and the time, newest first; `next` continues as `before`.',
        security: STAFF_SECURITY,
        querystring: Type.Object(
          {
            before: Type.Optional(Type.Integer({ minimum: 1 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_LIMIT_MAX, default: AUDIT_LIMIT_DEFAULT })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                id: Type.Integer(),
                at: Type.String({ format: 'date-time' }),
                accountId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
                actor: Type.String(),
                action: Type.String(),
                subject: Type.Union([Type.String(), Type.Null()]),
                details: Type.Record(Type.String(), Type.Unknown()),
              }),
            ),
            next: Type.Union([Type.Integer(), Type.Null()]),
          }),
          ...problemResponses(400, 401, 403),
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { before, limit = AUDIT_LIMIT_DEFAULT } = request.query;
      const rows = await app.audit.list(limit + 1, before);
      reply.header('cache-control', 'no-store');
      return { data: rows.slice(0, limit), next: rows.length > limit ? rows[limit - 1]!.id : null };
    },
  );
};

export default fp(staffAdmin, {
  name: 'wildalert-staff-admin-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-staff-auth', 'wildalert-docs'],
  encapsulate: true,
});
