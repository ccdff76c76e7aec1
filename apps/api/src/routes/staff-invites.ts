/**
 * Invites: an admin makes a one-time link (its secret in the URL's fragment, which browsers never
 * send to a server) for a new member of staff, who opens it and registers a passkey: that makes
 * their account and signs them in. A link works once, and not after it expires or is revoked.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { UUID_PATTERN } from '@wildalert/shared';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import type { InviteState } from '../repositories/staff-repository.ts';
import { CEREMONY_MINUTES, registrationOptions, verifiedRegistration } from '../staff/passkeys.ts';
import { CeremonyOptionsSchema, IdParams, MeSchema, NameSchema, RegistrationSchema, RoleSchema } from '../staff/schemas.ts';
import { inviteLink } from '../staff/first-admin.ts';
import { newSecret, secretHash } from '../staff/secrets.ts';
import { actorOf, meOf, STAFF_SECURITY } from '../staff/staff-member.ts';

/** How long an admin's invite stays valid. */
const INVITE_DAYS = 7;


const InviteSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

const TokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

const staffInvites: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = app.requireStaff('admin');

  /** The open invite a token opens; 404 for none (unknown, used, revoked), 410 for an expired one. */
  const openInvite = async (token: string): Promise<InviteState> => {
    const invite = /^[\w-]{43}$/.test(token) ? await app.staff.inviteByToken(secretHash(token)) : undefined;
    if (!invite || invite.state === 'closed') throw new HttpProblem({ status: 404, detail: 'This invite is not valid: it was used or revoked, or never existed. Ask an admin for a new one.' });
    if (invite.state === 'expired') throw new HttpProblem({ status: 410, detail: 'This invite has expired. Ask an admin for a new one.' });
    return invite;
  };

  app.post(
    '/staff/invites',
    {
      schema: {
        tags: ['staff'],
        operationId: 'createInvite',
        summary: 'Invite a member of staff (admin)',
        description: `A one-time link, valid ${INVITE_DAYS} days, shown only in this answer: hand it to the person (it is their way in).`,
        security: STAFF_SECURITY,
        body: Type.Object({ name: NameSchema, role: RoleSchema }, { additionalProperties: false }),
        response: {
          201: Type.Object({ data: Type.Object({ ...InviteSchema.properties, link: Type.String({ format: 'uri', description: 'Shown only here' }) }) }),
          ...problemResponses(400, 401, 403),
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const token = newSecret();
      const { bootstrap: _, ...invite } = await app.staff.createInvite(
        { tokenHash: secretHash(token), name: request.body.name.trim(), role: request.body.role, bootstrap: false, validHours: INVITE_DAYS * 24 },
        actorOf(request.staffMember!),
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ data: { ...invite, link: inviteLink(app.publicOrigin(request), token) } });
    },
  );

  app.get(
    '/staff/invites',
    {
      schema: {
        tags: ['staff'],
        operationId: 'listInvites',
        summary: 'Open invites (admin)',
        security: STAFF_SECURITY,
        response: { 200: Type.Object({ data: Type.Array(InviteSchema) }), ...problemResponses(400, 401, 403) },
      },
      onRequest: adminOnly,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: (await app.staff.openInvites()).map(({ bootstrap: _, ...invite }) => invite) };
    },
  );

  app.delete(
    '/staff/invites/:id',
    {
      schema: {
        tags: ['staff'],
        operationId: 'revokeInvite',
        summary: 'Revoke an open invite (admin)',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Revoked' }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { id } = request.params;
      const revoked = UUID_PATTERN.test(id) && (await app.staff.revokeInvite(id, actorOf(request.staffMember!)));
      if (!revoked) throw new HttpProblem({ status: 404, detail: `There is no open invite ${id}.` });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/invites/check',
    {
      schema: {
        tags: ['staff'],
        operationId: 'checkInvite',
        summary: 'What an invite is for',
        description: 'The name and role an invite gives; 404 when it cannot be used (used, revoked, unknown), 410 when expired.',
        body: TokenBody,
        response: {
          200: Type.Object({ data: Type.Object({ name: Type.String(), role: RoleSchema, expiresAt: Type.String({ format: 'date-time' }) }) }),
          ...problemResponses(400, 404, 410),
        },
      },
    },
    async (request, reply) => {
      const { name, role, expiresAt } = await openInvite(request.body.token);
      reply.header('cache-control', 'no-store');
      return { data: { name, role, expiresAt } };
    },
  );

  app.post(
    '/staff/invites/registration-options',
    {
      schema: {
        tags: ['staff'],
        operationId: 'startRegistration',
        summary: "Start making an invitee's passkey",
        body: TokenBody,
        response: { 200: CeremonyOptionsSchema, ...problemResponses(400, 404, 410) },
      },
    },
    async (request, reply) => {
      const invite = await openInvite(request.body.token);
      const options = await registrationOptions(app.relyingParty(request), { name: invite.name });
      await app.beginCeremony(request, reply, { purpose: 'register', challenge: options.challenge, inviteId: invite.id }, CEREMONY_MINUTES);
      return { data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/staff/invites/registration',
    {
      schema: {
        tags: ['staff'],
        operationId: 'register',
        summary: 'Make the account of an invite, with its first passkey',
        description: 'Uses up the invite and signs the new member of staff in (a session cookie).',
        body: Type.Object(
          {
            token: TokenBody.properties.token,
            response: RegistrationSchema,
            name: Type.Optional({ ...NameSchema, description: "The person's name, when not the one the invite gives" }),
            passkeyName: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: MeSchema, ...problemResponses(400, 401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const invite = await openInvite(request.body.token);
      const ceremony = await app.takeCeremony(request, 'register');
      if (!ceremony || ceremony.inviteId !== invite.id) {
        throw new HttpProblem({ status: 401, detail: 'Making the passkey took too long or was already done: start again.' });
      }
      const passkey = await verifiedRegistration(app.relyingParty(request), ceremony.challenge, request.body.response);
      if (!passkey) throw new HttpProblem({ status: 401, detail: 'The new passkey could not be verified.' });
      const result = await app.staff.registerFromInvite(invite.id, { ...passkey, name: request.body.passkeyName?.trim() ?? '' }, request.body.name?.trim());
      if ('refused' in result) {
        if (result.refused === 'expired') throw new HttpProblem({ status: 410, detail: 'This invite has expired. Ask an admin for a new one.' });
        if (result.refused === 'admin-exists') {
          throw new HttpProblem({ status: 409, detail: 'An admin exists already: this first-start link is no longer valid. Ask an admin for an invite.' });
        }
        throw new HttpProblem({ status: 404, detail: 'This invite is not valid: it was used or revoked. Ask an admin for a new one.' });
      }
      const member = await app.startSession(request, reply, result, 'passkey');
      return reply.code(201).send({ data: meOf(member) });
    },
  );
};

export default fp(staffInvites, {
  name: 'wildalert-staff-invites-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-staff-auth', 'wildalert-docs'],
  encapsulate: true,
});
