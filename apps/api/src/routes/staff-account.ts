/**
 * A member of staff's own account: their passkeys (add a second, remove one) and their personal
 * API tokens for scripts (shown once, kept only as a hash, revocable, no higher than their role).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { UUID_PATTERN } from '@wildalert/shared';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import { CEREMONY_MINUTES, registrationOptions, verifiedRegistration } from '../staff/passkeys.ts';
import { roleAllows } from '@wildalert/shared';
import { CeremonyOptionsSchema, IdParams, NameSchema, RegistrationSchema, RoleSchema } from '../staff/schemas.ts';
import { newApiToken, secretHash } from '../staff/secrets.ts';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';

const DateTime = Type.String({ format: 'date-time' });
const MaybeDateTime = Type.Union([DateTime, Type.Null()]);

const PasskeySchema = Type.Object({ id: Type.String(), name: Type.String(), createdAt: DateTime, lastUsedAt: MaybeDateTime });
const TokenSchema = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), role: RoleSchema, createdAt: DateTime, lastUsedAt: MaybeDateTime });

const staffAccount: FastifyPluginAsyncTypebox = async (app) => {
  const anyStaff = app.requireStaff('responder');

  app.get(
    '/staff/passkeys',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listMyPasskeys',
        summary: 'My passkeys',
        security: STAFF_SECURITY,
        response: { 200: Type.Object({ data: Type.Array(PasskeySchema) }), ...problemResponses(400, 401) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const passkeys = await app.staff.passkeysOf(request.staffMember!.accountId);
      return { data: passkeys.map(({ transports: _, ...p }) => p) };
    },
  );

  app.post(
    '/staff/passkeys/options',
    {
      schema: {
        tags: ['staff'],
        operationId: 'startAddingPasskey',
        summary: 'Start adding a passkey (another device)',
        security: STAFF_SECURITY,
        response: { 200: CeremonyOptionsSchema, ...problemResponses(400, 401, 403) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const member = request.staffMember!;
      const existing = await app.staff.passkeysOf(member.accountId);
      const options = await registrationOptions(app.relyingParty(request), { accountId: member.accountId, name: member.name }, existing);
      await app.beginCeremony(request, reply, { purpose: 'add-passkey', challenge: options.challenge, accountId: member.accountId }, CEREMONY_MINUTES);
      return { data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/staff/passkeys',
    {
      schema: {
        tags: ['staff'],
        operationId: 'addPasskey',
        summary: 'Add a passkey',
        security: STAFF_SECURITY,
        body: Type.Object({ response: RegistrationSchema, name: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }),
        response: { 201: Type.Object({ data: PasskeySchema }), ...problemResponses(400, 401, 403, 409) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const member = request.staffMember!;
      const ceremony = await app.takeCeremony(request, 'add-passkey');
      if (!ceremony || ceremony.accountId !== member.accountId) {
        throw new HttpProblem({ status: 401, detail: 'Adding the passkey took too long or was already done: start again.' });
      }
      const passkey = await verifiedRegistration(app.relyingParty(request), ceremony.challenge, request.body.response);
      if (!passkey) throw new HttpProblem({ status: 401, detail: 'The new passkey could not be verified.' });
      if (await app.staff.passkey(passkey.id)) throw new HttpProblem({ status: 409, detail: 'This passkey is registered already.' });
      const name = request.body.name?.trim() ?? '';
      await app.staff.addPasskey(member.accountId, { ...passkey, name }, actorOf(member));
      const added = (await app.staff.passkeysOf(member.accountId)).find((p) => p.id === passkey.id)!;
      const { transports: _, ...listed } = added;
      return reply.code(201).send({ data: listed });
    },
  );

  app.delete(
    '/staff/passkeys/:id',
    {
      schema: {
        tags: ['staff'],
        operationId: 'removePasskey',
        summary: 'Remove one of my passkeys',
        description: 'Not the last one of an account without single sign-on (409): it would lock its owner out.',
        security: STAFF_SECURITY,
        params: Type.Object({ id: Type.String({ maxLength: 1400 }) }),
        response: { 204: Type.Null({ description: 'Removed' }), ...problemResponses(400, 401, 403, 404, 409) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const member = request.staffMember!;
      const result = await app.staff.removePasskey(member.accountId, request.params.id, actorOf(member));
      if (result !== true && result.refused === 'last-passkey') {
        throw new HttpProblem({ status: 409, detail: 'This is your only passkey: add another before removing it.' });
      }
      if (result !== true) throw new HttpProblem({ status: 404, detail: 'You have no such passkey.' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/tokens',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listMyTokens',
        summary: 'My API tokens (not revoked)',
        security: STAFF_SECURITY,
        response: { 200: Type.Object({ data: Type.Array(TokenSchema) }), ...problemResponses(400, 401) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await app.staff.tokensOf(request.staffMember!.accountId) };
    },
  );

  app.post(
    '/staff/tokens',
    {
      schema: {
        tags: ['staff'],
        operationId: 'createToken',
        summary: 'Make a personal API token',
        description: 'For scripts: `Authorization: Bearer <token>`. Shown only in this answer; kept only as a hash. Its role is no higher than yours, and it does no more than you may at the time it is used.',
        security: STAFF_SECURITY,
        body: Type.Object({ name: NameSchema, role: RoleSchema }, { additionalProperties: false }),
        response: { 201: Type.Object({ data: Type.Object({ ...TokenSchema.properties, token: Type.String({ description: 'Shown only here' }) }) }), ...problemResponses(400, 401, 403) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const member = request.staffMember!;
      if (!roleAllows(member.role, request.body.role)) {
        throw new HttpProblem({ status: 403, detail: `A token cannot do more than you: you are ${member.role}.` });
      }
      const token = newApiToken();
      const listed = await app.staff.createToken(
        { accountId: member.accountId, name: request.body.name.trim(), role: request.body.role, tokenHash: secretHash(token) },
        actorOf(member),
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ data: { ...listed, token } });
    },
  );

  app.delete(
    '/staff/tokens/:id',
    {
      schema: {
        tags: ['staff'],
        operationId: 'revokeToken',
        summary: 'Revoke one of my API tokens',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Revoked' }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const member = request.staffMember!;
      const { id } = request.params;
      const revoked = UUID_PATTERN.test(id) && (await app.staff.revokeToken(member.accountId, id, actorOf(member)));
      if (!revoked) throw new HttpProblem({ status: 404, detail: `You have no API token ${id}.` });
      return reply.code(204).send(null);
    },
  );
};

export default fp(staffAccount, {
  name: 'wildalert-staff-account-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-staff-auth', 'wildalert-docs'],
  encapsulate: true,
});
