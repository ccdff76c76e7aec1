/**
 * /EmailSubscriptions: area alerts by e-mail, without accounts. Anyone may ask for an address to
 * be written to; nothing but a confirmation mail goes there until its link is followed (double
 * opt-in), and that mail is limited per client address and per recipient. Every mail carries a
 * one-click unsubscribe (RFC 8058). /EmailBounces is where the mail provider reports hard bounces
 * and complaints, with the secret EMAIL_BOUNCES_TOKEN.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import {
  BASE_PATH,
  EmailConfirmBodySchema,
  EmailSubscribedResponseSchema,
  EmailSubscriptionBodySchema,
  EmailSubscriptionResponseSchema,
  EmailTokenSchema,
} from '@wildalert/shared';
import { clientAddress, clientNetwork } from '../http/client-address.ts';
import { negotiateLanguage } from '../i18n/language.ts';
import { HttpProblem, PROBLEM_TYPES, problemResponses, rateLimited } from '../http/problem.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Client addresses and recipients remembered per limit; the least recently seen are forgotten first. */
const REMEMBERED = 100_000;

const notConfigured = () =>
  new HttpProblem({
    status: 501,
    type: PROBLEM_TYPES.emailNotConfigured,
    detail: 'This server sends no e-mail (no SMTP relay is configured): use web push or the Atom feed for area alerts.',
  });

const TokenQuery = Type.Object({ token: EmailTokenSchema });
/** What RFC 8058's POST carries (`List-Unsubscribe=One-Click`, as a form); nothing else is needed. */
const OneClickBody = Type.Object(
  { 'List-Unsubscribe': Type.Optional(Type.Literal('One-Click')) },
  { additionalProperties: false, description: 'application/x-www-form-urlencoded or multipart/form-data, as RFC 8058 sends it' },
);
const BounceBody = Type.Object(
  {
    address: Type.String({ format: 'email', maxLength: 254 }),
    type: Type.Enum(['bounce', 'complaint'], { description: 'bounce: a permanent (hard) bounce; complaint: the reader marked a mail as spam' }),
  },
  { additionalProperties: false },
);
const BounceHeaders = Type.Object({ authorization: Type.Optional(Type.String()) });

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const emailSubscriptions: FastifyPluginAsyncTypebox = async (app) => {
  // RFC 8058's POST is a form: read as one here (the one-click route is the only route with a form).
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (request.headers['content-type']?.startsWith('multipart/')) {
      // Only the field's presence matters: the token is in the URL.
      done(null, /name="List-Unsubscribe"\s+One-Click/.test(text) ? { 'List-Unsubscribe': 'One-Click' } : {});
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });

  const config = app.email.config;
  // One counter per window, in the rate limits' store (shared by every instance with REDIS_URL).
  const perClient = config && app.createRateLimit({
    max: config.limits.perClientPerDay,
    timeWindow: DAY,
    cache: REMEMBERED,
    keyGenerator: (request: FastifyRequest) => `email-client:${clientAddress(request)}`,
  } as Parameters<typeof app.createRateLimit>[0]);
  const perAddress = config && app.createRateLimit({
    max: config.limits.perAddressPerDay,
    timeWindow: DAY,
    cache: REMEMBERED,
    keyGenerator: (request: FastifyRequest) => `email-address:${(request.body as { address: string }).address.toLowerCase()}`,
  } as Parameters<typeof app.createRateLimit>[0]);

  app.post(
    '/EmailSubscriptions',
    {
      schema: {
        tags: ['email'],
        operationId: 'subscribeEmail',
        summary: 'Ask for area alerts by e-mail: a confirmation mail is sent',
        description: [
          'An address and an area (a point, a radius of 0.5 to 10 km, optionally animals) and how often: `instant`',
          '(a mail per new report, at most one per 10 minutes), `hourly` or `daily` (a digest of what came meanwhile,',
          'grouped by place and animal). Nothing is sent but a confirmation mail until its link is followed',
          '(POST /EmailSubscriptions/confirm); an unconfirmed subscription is forgotten after 48 hours.',
          '',
          'Confirmation mails are limited per client address and per recipient a day (429); an address that bounced',
          'or complained is written to no more (409). 501 when the server has no SMTP relay.',
        ].join('\n'),
        body: EmailSubscriptionBodySchema,
        response: { 202: EmailSubscribedResponseSchema, ...problemResponses(400, 409, 413, 415, 429, 501) },
      },
      config: { rateLimit: false },
      onRequest: app.limitWrites,
    },
    async (request, reply) => {
      if (!config || !perClient || !perAddress) throw notConfigured();
      // The client first: a client refused uses up no recipient's allowance.
      for (const [check, what] of [
        [perClient, 'from your address'],
        [perAddress, 'to this e-mail address'],
      ] as const) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw rateLimited(`Too many confirmation mails ${what} (at most ${result.max} a day). Try again in ${result.ttlInSeconds} s.`, Math.max(1, result.ttlInSeconds));
        }
      }
      const language = request.body.language ?? negotiateLanguage(request.headers['accept-language'], 'pl');
      const result = await app.email.repository.subscribe(request.body, language, { network: clientNetwork(request) });
      if (result.kind === 'suppressed') {
        throw new HttpProblem({ status: 409, detail: 'Mail to this address bounced or was reported as spam, so WildAlert writes to it no more.' });
      }
      app.email.delivery?.kick();
      reply.code(202);
      return { data: { address: request.body.address, expiresAt: result.expiresAt } };
    },
  );

  app.post(
    '/EmailSubscriptions/confirm',
    {
      schema: {
        tags: ['email'],
        operationId: 'confirmEmail',
        summary: "Confirm an e-mail subscription with its confirmation mail's token",
        description: 'Once only, within 48 hours of the request. The web page the mail links to sends it.',
        body: EmailConfirmBodySchema,
        response: { 200: EmailSubscriptionResponseSchema, ...problemResponses(400, 404, 413, 415, 501) },
      },
    },
    async (request) => {
      if (!config) throw notConfigured();
      const subscription = await app.email.repository.confirm(request.body.token);
      if (!subscription) {
        throw new HttpProblem({ status: 404, detail: 'This confirmation link is unknown, was used already, or expired (48 hours): subscribe again.' });
      }
      return { data: subscription };
    },
  );

  app.post(
    '/EmailSubscriptions/unsubscribe',
    {
      schema: {
        tags: ['email'],
        operationId: 'unsubscribeEmail',
        summary: 'One-click unsubscribe (RFC 8058)',
        description: [
          "The URL of every mail's List-Unsubscribe header: the mail client POSTs `List-Unsubscribe=One-Click` to it.",
          'Ends the subscription and everything queued for it. Idempotent: 204 whether or not it still existed.',
        ].join('\n'),
        querystring: TokenQuery,
        body: OneClickBody,
        response: { 204: Type.Null({ description: 'Unsubscribed' }), ...problemResponses(400, 413, 415) },
      },
      // The token in the URL is all it needs: a POST without a body unsubscribes too.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      await app.email.repository.unsubscribe(request.query.token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/EmailSubscriptions/unsubscribe',
    {
      schema: {
        tags: ['email'],
        operationId: 'unsubscribeEmailPage',
        summary: 'The unsubscribe page, for a person who opens the List-Unsubscribe URL',
        description: 'A GET changes nothing (link scanners open every link): it leads to the page whose button unsubscribes.',
        querystring: TokenQuery,
        response: { 303: Type.Null({ description: 'To the unsubscribe page' }), ...problemResponses(400) },
      },
    },
    async (request, reply) => reply.redirect(`${BASE_PATH}email/unsubscribe?token=${request.query.token}`, 303),
  );

  app.post(
    '/EmailBounces',
    {
      schema: {
        tags: ['email'],
        operationId: 'reportEmailBounce',
        summary: "The mail provider's report of a hard bounce or a complaint",
        description: [
          'For the mail provider (or a small adapter of its webhook): `Authorization: Bearer <EMAIL_BOUNCES_TOKEN>`.',
          'Every subscription of the address ends and no new one is accepted. A relay that refuses a recipient at',
          'once (5xx to RCPT TO) needs no report: the sender stops by itself. 404 when EMAIL_BOUNCES_TOKEN is unset.',
        ].join('\n'),
        headers: BounceHeaders,
        body: BounceBody,
        response: { 204: Type.Null({ description: 'Recorded' }), ...problemResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const token = config?.bouncesToken;
      if (!token) throw new HttpProblem({ status: 404, detail: 'This server takes no bounce reports (EMAIL_BOUNCES_TOKEN is not set).' });
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!given || !sameSecret(given, token)) {
        throw new HttpProblem({ status: 401, detail: 'A bounce report needs Authorization: Bearer <EMAIL_BOUNCES_TOKEN>.', headers: { 'www-authenticate': 'Bearer' } });
      }
      const gone = await app.email.repository.suppress(request.body.address, request.body.type);
      request.log.info({ type: request.body.type, subscriptions: gone }, 'e-mail bounce reported; the address is written to no more');
      return reply.code(204).send(null);
    },
  );
};

export default fp(emailSubscriptions, {
  name: 'wildalert-email-routes',
  dependencies: ['wildalert-errors', 'wildalert-email', 'wildalert-rate-limit', 'wildalert-docs'],
  encapsulate: true,
});
