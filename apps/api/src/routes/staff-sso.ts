/**
 * Staff sign-in through the city's single sign-on (OpenID Connect): `GET /staff/sso` sends the
 * browser to the provider, `GET /staff/sso/callback` brings it back signed in. Both are browser
 * navigations, so they answer with redirects: to the moderation screen, or to the sign-in screen
 * with an error code it shows (`?error=sso_…`; never a secret in that URL). Registered by
 * staff-sign-in.ts only when OIDC_ISSUER is set; its failed returns count with the passkeys'.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { BASE_PATH } from '@wildalert/shared';
import type { SsoConfig } from '../config.ts';
import { clearCookie } from '../staff/cookies.ts';
import { openIdClient, SsoUnavailableError, type SsoCeremony } from '../staff/oidc.ts';
import type { NetworkFailures } from './staff-sign-in.ts';

/** How long a sign-in at the provider may take: a password and a second factor, at a phone's pace. */
const SSO_CEREMONY_MINUTES = 10;

/** Why the sign-in screen is shown again: the codes of `?error=`. */
type SsoError = 'sso_state' | 'sso_failed' | 'sso_role' | 'sso_disabled' | 'sso_limited';

const SIGNED_IN_PAGE = `${BASE_PATH}moderation`;
const signInPage = (error: SsoError) => `${BASE_PATH}staff/sign-in?error=${error}`;

const Redirect = (description: string) => Type.Null({ description });

const staffSso: FastifyPluginAsyncTypebox<{ sso: SsoConfig; failures: NetworkFailures }> = async (app, { sso, failures }) => {
  const oidc = openIdClient(sso);
  const redirectUri = (request: FastifyRequest) => `${app.publicOrigin(request)}/staff/sso/callback`;

  /** Back to the sign-in screen, saying why (the log says more; the URL no secret). */
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: SsoError, reason: string, counts: boolean) => {
    if (counts) await failures.count(request);
    request.log.warn({ error, reason }, 'single sign-on refused');
    clearCookie(request, reply, 'ceremony');
    reply.header('cache-control', 'no-store');
    return reply.redirect(signInPage(error), 302);
  };

  app.get(
    '/staff/sso',
    {
      schema: {
        tags: ['staff'],
        operationId: 'startSingleSignOn',
        summary: "Sign in with the city's single sign-on",
        description: `A browser navigation: redirects to the identity provider (authorization code with PKCE), with a ceremony cookie valid ${SSO_CEREMONY_MINUTES} minutes. When the provider cannot be reached, back to the sign-in screen with \`?error=sso_failed\`.`,
        response: { 302: Redirect('To the identity provider (or back to the sign-in screen when it cannot be reached)') },
      },
    },
    async (request, reply) => {
      let started: Awaited<ReturnType<typeof oidc.start>>;
      try {
        started = await oidc.start(redirectUri(request));
      } catch (error) {
        if (!(error instanceof SsoUnavailableError)) throw error;
        request.log.error({ err: error }, 'single sign-on unavailable');
        return refuse(request, reply, 'sso_failed', error.message, false);
      }
      await app.beginCeremony(request, reply, { purpose: 'sso', challenge: started.ceremony.state, data: { ...started.ceremony } }, SSO_CEREMONY_MINUTES);
      return reply.redirect(started.url.href, 302);
    },
  );

  app.get(
    '/staff/sso/callback',
    {
      schema: {
        tags: ['staff'],
        operationId: 'finishSingleSignOn',
        summary: 'Where the identity provider sends the browser back',
        description: [
          'The redirect URI to register at the provider. Signed in: a new session cookie, and a redirect to the moderation screen.',
          'Otherwise a redirect to the sign-in screen with `?error=`: `sso_state` (no sign-in under way in this browser, or not this one: expired, used, or never started),',
          '`sso_failed` (the provider refused, or the code was used already), `sso_role` (no value of the role claim is mapped to a role: no account is made),',
          '`sso_disabled` (the account is disabled), `sso_limited` (too many failed sign-ins from this network: try again in a minute).',
          'Failed returns count with failed passkey sign-ins, per network.',
        ].join('\n'),
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String({ maxLength: 4096 })),
            state: Type.Optional(Type.String({ maxLength: 1024 })),
            iss: Type.Optional(Type.String({ maxLength: 1024 })),
            error: Type.Optional(Type.String({ maxLength: 1024 })),
            error_description: Type.Optional(Type.String({ maxLength: 4096 })),
          },
          // Providers add parameters of their own (Keycloak's session_state).
          { additionalProperties: true },
        ),
        response: { 302: Redirect('To the moderation screen, signed in; or to the sign-in screen with ?error=') },
      },
    },
    async (request, reply) => {
      const wait = await failures.waitSeconds(request);
      if (wait !== undefined) return refuse(request, reply, 'sso_limited', `too many failed sign-ins from this network; ${wait} s to wait`, false);
      const ceremony = await app.takeCeremony(request, 'sso');
      if (!ceremony) return refuse(request, reply, 'sso_state', 'no sign-in under way in this browser (expired, used, or never started)', true);
      // The provider's parameters as it sent them, on the URI it was given.
      const callbackUrl = new URL(redirectUri(request));
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      let outcome: Awaited<ReturnType<typeof oidc.finish>>;
      try {
        outcome = await oidc.finish(callbackUrl, ceremony.data as unknown as SsoCeremony);
      } catch (error) {
        if (!(error instanceof SsoUnavailableError)) throw error;
        request.log.error({ err: error }, 'single sign-on unavailable');
        return refuse(request, reply, 'sso_failed', error.message, false);
      }
      if ('refused' in outcome) return refuse(request, reply, outcome.refused, outcome.reason, true);
      const who = await app.staff.ssoAccount(outcome);
      if ('refused' in who) return refuse(request, reply, 'sso_disabled', 'the account is disabled', true);
      await app.startSession(request, reply, who, 'sso');
      reply.header('cache-control', 'no-store');
      return reply.redirect(SIGNED_IN_PAGE, 302);
    },
  );
};

export default staffSso;
