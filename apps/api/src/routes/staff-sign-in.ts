/**
 * Staff sign-in with a passkey (usernameless: the browser offers the site's passkeys), who is
 * signed in, and signing out here or everywhere. Failed sign-ins are limited per network and
 * per account; past a limit even the right passkey waits.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SsoConfig } from '../config.ts';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { clientNetwork } from '../http/client-address.ts';
import { HttpProblem, problemResponses, rateLimited } from '../http/problem.ts';
import { clearCookie } from '../staff/cookies.ts';
import { authenticationOptions, CEREMONY_MINUTES, verifiedAuthentication } from '../staff/passkeys.ts';
import { AuthenticationSchema, CeremonyOptionsSchema, MeSchema } from '../staff/schemas.ts';
import { actorOf, meOf, STAFF_SECURITY } from '../staff/staff-member.ts';
import staffSso from './staff-sso.ts';

/** Failed sign-ins a network (IPv4 /24, IPv6 /48) may have in a minute. */
export const SIGN_IN_FAILURES_PER_NETWORK = 10;
/** Failed sign-ins one account may have in 15 minutes, from anywhere. */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;

/** A network's failed sign-ins, whichever the way in: passkeys and single sign-on count together. */
export interface NetworkFailures {
  /** Seconds this request's network must wait before trying again, or undefined when it may. */
  waitSeconds(request: FastifyRequest): Promise<number | undefined>;
  count(request: FastifyRequest): Promise<void>;
}

const staffSignIn: FastifyPluginAsyncTypebox<{ sso: SsoConfig | undefined }> = async (app, { sso }) => {
  const anyStaff = app.requireStaff('responder');
  // Whose account a failed sign-in counts against (known from the passkey it named).
  const accountOf = new WeakMap<FastifyRequest, string>();
  const networkFailures = app.createRateLimit({
    max: SIGN_IN_FAILURES_PER_NETWORK,
    timeWindow: 60_000,
    keyGenerator: (request) => `sign-in-failures:${clientNetwork(request)}`,
  });
  const accountFailures = app.createRateLimit({
    max: SIGN_IN_FAILURES_PER_ACCOUNT,
    timeWindow: 15 * 60_000,
    keyGenerator: (request) => `sign-in-failures-account:${accountOf.get(request) ?? ''}`,
  });

  const waitSeconds = async (limit: typeof networkFailures, request: FastifyRequest) => {
    const seen = await limit(request, { increment: false });
    return !seen.isAllowed && seen.remaining === 0 ? Math.max(1, seen.ttlInSeconds) : undefined;
  };

  /** Throws 429 when the network (or the account, once known) has failed too often. */
  const refuseWhenLimited = async (limit: typeof networkFailures, request: FastifyRequest, what: string) => {
    const seconds = await waitSeconds(limit, request);
    if (seconds !== undefined) throw rateLimited(`Too many failed sign-ins ${what}. Try again in ${seconds} s.`, seconds);
  };

  const signInRefused = async (request: FastifyRequest, detail: string): Promise<never> => {
    await networkFailures(request);
    if (accountOf.has(request)) await accountFailures(request);
    throw new HttpProblem({ status: 401, detail });
  };

  app.get(
    '/staff/me',
    {
      schema: {
        tags: ['staff'],
        operationId: 'getMe',
        summary: 'Who is signed in',
        security: STAFF_SECURITY,
        response: { 200: MeSchema, ...problemResponses(400, 401) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: meOf(request.staffMember!) };
    },
  );

  app.get(
    '/staff/sign-in/methods',
    {
      schema: {
        tags: ['staff'],
        operationId: 'getSignInMethods',
        summary: 'How staff may sign in here',
        response: {
          200: Type.Object({
            data: Type.Object({
              passkey: Type.Boolean(),
              sso: Type.Union([Type.Object({ name: Type.String() }), Type.Null()], { description: "The city's single sign-on, when configured" }),
            }),
          }),
        },
      },
    },
    async () => ({ data: { passkey: true, sso: sso === undefined ? null : { name: sso.name } } }),
  );

  app.post(
    '/staff/sign-in/options',
    {
      schema: {
        tags: ['staff'],
        operationId: 'startSignIn',
        summary: 'Start signing in with a passkey',
        description: `Options for the browser's passkey prompt; the challenge is kept ${CEREMONY_MINUTES} minutes, for this browser (a cookie).`,
        response: { 200: CeremonyOptionsSchema, ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const rp = app.relyingParty(request);
      const options = await authenticationOptions(rp);
      await app.beginCeremony(request, reply, { purpose: 'sign-in', challenge: options.challenge }, CEREMONY_MINUTES);
      return { data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/staff/sign-in',
    {
      schema: {
        tags: ['staff'],
        operationId: 'signIn',
        summary: 'Sign in with a passkey',
        description: [
          'The browser\'s answer to the options of `POST /staff/sign-in/options`. Signed in: a new session cookie.',
          `Failed sign-ins count per network (${SIGN_IN_FAILURES_PER_NETWORK} a minute) and per account (${SIGN_IN_FAILURES_PER_ACCOUNT} in 15 minutes); past either, 429.`,
        ].join('\n'),
        body: Type.Object({ response: AuthenticationSchema }, { additionalProperties: false }),
        response: { 200: MeSchema, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await refuseWhenLimited(networkFailures, request, 'from your network');
      const { response } = request.body;
      const passkey = await app.staff.passkey(response.id);
      if (passkey) accountOf.set(request, passkey.accountId);
      if (passkey) await refuseWhenLimited(accountFailures, request, 'for this account');
      const ceremony = await app.takeCeremony(request, 'sign-in');
      if (!ceremony) return signInRefused(request, 'The sign-in took too long or was already used: start again.');
      if (!passkey) return signInRefused(request, 'This passkey is not known here.');
      const counter = await verifiedAuthentication(app.relyingParty(request), ceremony.challenge, response, passkey);
      if (counter === undefined) return signInRefused(request, 'The passkey could not be verified.');
      if (passkey.disabled) throw new HttpProblem({ status: 403, detail: 'This account is disabled: ask an admin.' });
      await app.staff.passkeyUsed(passkey.id, counter);
      const account = (await app.staff.account(passkey.accountId))!;
      const member = await app.startSession(request, reply, { accountId: account.id, name: account.name, role: account.role }, 'passkey');
      reply.header('cache-control', 'no-store');
      return { data: meOf(member) };
    },
  );

  const signOut = (path: string, operationId: string, summary: string, everywhere: boolean) =>
    app.post(
      path,
      {
        schema: {
          tags: ['staff'],
          operationId,
          summary,
          security: STAFF_SECURITY,
          response: { 204: Type.Null({ description: 'Signed out' }), ...problemResponses(400, 401, 403) },
        },
        onRequest: anyStaff,
      },
      async (request, reply) => {
        const member = request.staffMember!;
        if (everywhere) await app.staff.endSessions({ accountId: member.accountId }, actorOf(member));
        else if (member.session) await app.staff.endSessions({ idHash: member.session.idHash }, actorOf(member));
        clearCookie(request, reply, 'session');
        return reply.code(204).send(null);
      },
    );
  signOut('/staff/sign-out', 'signOut', 'Sign out on this browser', false);
  signOut('/staff/sign-out-everywhere', 'signOutEverywhere', 'Sign out on every browser', true);

  // Only when configured: otherwise /staff/sso is nothing (404), like any unknown path.
  if (sso) {
    await app.register(staffSso, {
      sso,
      failures: { waitSeconds: (request) => waitSeconds(networkFailures, request), count: async (request) => void (await networkFailures(request)) },
    });
  }
};

export default fp(staffSignIn, {
  name: 'wildalert-staff-sign-in-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-staff-auth', 'wildalert-rate-limit', 'wildalert-docs'],
  encapsulate: true,
});
