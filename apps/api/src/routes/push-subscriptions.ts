/**
 * /PushSubscriptions: area alerts by web push, without accounts. A device subscribes with
 * its push subscription and an area; afterwards whoever shows the endpoint and its auth secret
 * (which only the browser and this server know) may read, change, pause or delete it.
 */
import net from 'node:net';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import {
  FollowBodySchema,
  PushPauseBodySchema,
  PushSubscriptionBodySchema,
  PushSubscriptionProofSchema,
  PushSubscriptionResponseSchema,
  VapidKeyResponseSchema,
  fieldError,
  type FieldErrorCode,
  type PushSubscriptionBody,
} from '@wildalert/shared';
import { clientNetwork } from '../http/client-address.ts';
import { negotiateLanguage } from '../i18n/language.ts';
import { HttpProblem, PROBLEM_TYPES, problemResponses, rateLimited } from '../http/problem.ts';
import { canonicalAddress, judgeEndpoint, publicAddressesOf, type PushServicePolicy } from '../push/push-services.ts';
import { isTimeZone } from '../push/quiet-hours.ts';

/** How long a subscribing client waits at most for its push service's name to resolve. */
const RESOLVE_TIMEOUT_MS = 3_000;
/** A network or host with its fill of subscriptions: one may be deleted by then. */
const FULL_RETRY_AFTER_S = 3600;

const notFound = () =>
  new HttpProblem({ status: 404, detail: 'There is no push subscription with this endpoint and auth secret.' });

/** `detail` says exactly what is wrong (in English); the field's error carries the code, translated. */
const invalid = (field: string, code: FieldErrorCode, message: string) =>
  new HttpProblem({ status: 400, type: PROBLEM_TYPES.validation, detail: `${field} ${message}`, errors: { [field]: [fieldError({ code })] } });

const decodedLength = (base64url: string) => Buffer.from(base64url, 'base64url').length;

/**
 * The endpoint must be an allowed push service's, and unless the operator named its host
 * exactly, every address the host resolves to public (push-services.ts); the sender checks
 * again on every connection. Answers what the subscription counts against: the browsers' and
 * the operator's own services are not counted (`counted` false); any other host counts by the
 * address it reaches, so names and spellings of one server share one count.
 */
async function checkEndpoint(endpoint: string, policy: PushServicePolicy): Promise<{ host: string; counted: boolean }> {
  const verdict = judgeEndpoint(endpoint, policy);
  if (!verdict.allowed) {
    if (verdict.reason === 'not-https') throw invalid('endpoint', 'not_https', 'must be an https URL');
    if (verdict.reason === 'not-public') throw invalid('endpoint', 'not_public_address', 'must not be an address of a private or local network');
    throw invalid('endpoint', 'not_push_service', "must be a push service's address this server sends to (PUSH_SERVICES)");
  }
  if (verdict.trusted || verdict.known) return { host: verdict.host, counted: false };
  const hostname = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(hostname) !== 0) return { host: canonicalAddress(hostname), counted: true };
  // A name looked up now, so that a subscription to an internal name is refused at once rather than at the first alert.
  const addresses = await publicAddressesOf(hostname, RESOLVE_TIMEOUT_MS);
  if (!addresses) throw invalid('endpoint', 'not_public_address', 'must be a host whose addresses are all public');
  return { host: addresses[0]!, counted: true };
}

/** The proof that the client reported the alert: the Alert-Key its POST /Alerts was answered with. */
const AlertKeyHeaders = Type.Object({
  'alert-key': Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: "The Alert-Key the answer to the alert's POST /Alerts carried" }),
});
const AlertParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const FOLLOW_DESCRIPTION = [
  "The reporter's device is told by web push of each official step on its report (an organisation acknowledged it,",
  "is on the way, resolved it). Only the reporter may: the request carries the report's Alert-Key. The device's area",
  'subscription, if it has one, carries the notifications; otherwise a subscription for following alone is made,',
  'counted against the same limits, and shown by no lookup. Idempotent.',
].join('\n');

/** What the schema cannot say: the keys' sizes, the time zone. */
function checkSubscription(body: Pick<PushSubscriptionBody, 'keys' | 'quietHours'>): void {
  const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw invalid('keys.p256dh', 'invalid_key', 'must be an uncompressed P-256 point (65 bytes)');
  if (decodedLength(body.keys.auth) !== 16) throw invalid('keys.auth', 'invalid_key', 'must be 16 bytes');
  if (body.quietHours && !isTimeZone(body.quietHours.timeZone)) throw invalid('quietHours.timeZone', 'unknown_time_zone', 'must be an IANA time zone');
}

const pushSubscriptions: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/PushSubscriptions/key',
    {
      schema: {
        tags: ['push'],
        operationId: 'vapidPublicKey',
        summary: "The server's VAPID public key",
        description: "The `applicationServerKey` a browser's `pushManager.subscribe()` needs.",
        response: { 200: VapidKeyResponseSchema },
      },
    },
    async () => ({ data: { publicKey: app.push.vapidPublicKey } }),
  );

  app.post(
    '/PushSubscriptions',
    {
      schema: {
        tags: ['push'],
        operationId: 'subscribePush',
        summary: 'Subscribe a device to alerts around a point, or change its subscription',
        description: [
          "The browser's push subscription (`PushSubscription.toJSON()`: `endpoint`, `keys`) and an area: a point,",
          'a radius of 0.5 to 10 km, optionally animals and quiet hours. Idempotent by endpoint: the same endpoint',
          'with the same auth secret changes the subscription (200); a new one is created (201). The endpoint is',
          'the only identifier stored. Each new alert in the area is notified, at most one notification per',
          '10 minutes (the next summarises what came meanwhile). Counts against the write limits.',
          '',
          "The endpoint must belong to a push service the server sends to (by default the browsers' own:",
          'Google FCM, Mozilla, Microsoft WNS, Apple) and never resolve to a private or local address.',
          'One network (IPv4 /24, IPv6 /48) holds at most a configured number of subscriptions (429 beyond it).',
        ].join('\n'),
        body: PushSubscriptionBodySchema,
        response: {
          200: PushSubscriptionResponseSchema,
          201: PushSubscriptionResponseSchema,
          ...problemResponses(400, 409, 413, 415, 429),
        },
      },
      config: { rateLimit: false },
      onRequest: app.limitWrites,
    },
    async (request, reply) => {
      checkSubscription(request.body);
      const target = await checkEndpoint(request.body.endpoint, app.push.services);
      const language = request.body.language ?? negotiateLanguage(request.headers['accept-language'], 'pl');
      const { perNetwork, perHost } = app.push.limits;
      const result = await app.push.repository.upsert(
        request.body,
        language,
        { network: clientNetwork(request), host: target.host },
        // The browsers' services and the operator's own serve everyone: only other hosts are counted.
        { perNetwork, perHost: target.counted ? perHost : undefined },
      );
      if (result.kind === 'not-yours') {
        throw new HttpProblem({ status: 409, detail: 'This endpoint is subscribed with another auth secret.' });
      }
      if (result.kind === 'network-full') {
        throw rateLimited(`Your network holds ${perNetwork} area alert subscriptions, as many as one network may; delete one first.`, FULL_RETRY_AFTER_S);
      }
      if (result.kind === 'host-full') {
        throw rateLimited(`The push service at ${target.host} holds ${perHost} subscriptions, as many as one host may.`, FULL_RETRY_AFTER_S);
      }
      reply.code(result.kind === 'created' ? 201 : 200);
      return { data: result.subscription };
    },
  );

  app.post(
    '/Alerts/:id/follow',
    {
      schema: {
        tags: ['push'],
        operationId: 'followAlert',
        summary: "Follow one's own report: be told of its official status by web push",
        description: FOLLOW_DESCRIPTION,
        params: AlertParams,
        headers: AlertKeyHeaders,
        body: FollowBodySchema,
        response: { 204: Type.Null({ description: 'Followed' }), ...problemResponses(400, 403, 404, 409, 413, 415, 429) },
      },
      config: { rateLimit: false },
      onRequest: app.limitWrites,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!app.alertKeys.matches(id, request.headers['alert-key'])) {
        throw new HttpProblem({ status: 403, detail: "alert-key is not this alert's Alert-Key: only its reporter may follow it." });
      }
      checkSubscription(request.body);
      const target = await checkEndpoint(request.body.endpoint, app.push.services);
      const language = request.body.language ?? negotiateLanguage(request.headers['accept-language'], 'pl');
      const { perNetwork, perHost } = app.push.limits;
      const result = await app.push.repository.follow(
        id,
        request.body,
        language,
        { network: clientNetwork(request), host: target.host },
        { perNetwork, perHost: target.counted ? perHost : undefined },
      );
      if (result === undefined) throw new HttpProblem({ status: 404, detail: `There is no alert ${id}.` });
      if (result === 'not-yours') throw new HttpProblem({ status: 409, detail: 'This endpoint is subscribed with another auth secret.' });
      if (result === 'network-full') {
        throw rateLimited(`Your network holds ${perNetwork} push subscriptions, as many as one network may; delete one first.`, FULL_RETRY_AFTER_S);
      }
      if (result === 'host-full') {
        throw rateLimited(`The push service at ${target.host} holds ${perHost} subscriptions, as many as one host may.`, FULL_RETRY_AFTER_S);
      }
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/Alerts/:id/follow',
    {
      schema: {
        tags: ['push'],
        operationId: 'unfollowAlert',
        summary: 'Stop following a report',
        description: 'Whoever holds the endpoint and its auth secret may stop following; a subscription made for following alone goes with its last report.',
        params: AlertParams,
        body: PushSubscriptionProofSchema,
        response: { 204: Type.Null({ description: 'No longer followed' }), ...problemResponses(400, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!(await app.push.repository.unfollow(request.params.id, request.body.endpoint, request.body.auth))) {
        throw new HttpProblem({ status: 404, detail: 'This device does not follow this alert.' });
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/PushSubscriptions/lookup',
    {
      schema: {
        tags: ['push'],
        operationId: 'readPushSubscription',
        summary: "A device's subscription",
        description: 'Shown to whoever sends its endpoint and auth secret (in the body: secrets do not belong in URLs).',
        body: PushSubscriptionProofSchema,
        response: { 200: PushSubscriptionResponseSchema, ...problemResponses(400, 404, 413, 415) },
      },
    },
    async (request) => {
      const subscription = await app.push.repository.find(request.body.endpoint, request.body.auth);
      if (!subscription) throw notFound();
      return { data: subscription };
    },
  );

  app.post(
    '/PushSubscriptions/pause',
    {
      schema: {
        tags: ['push'],
        operationId: 'pausePushSubscription',
        summary: 'Pause or resume a subscription',
        description: 'A paused subscription is told nothing, and what was waiting to be sent is dropped.',
        body: PushPauseBodySchema,
        response: { 200: PushSubscriptionResponseSchema, ...problemResponses(400, 404, 413, 415) },
      },
    },
    async (request) => {
      const { endpoint, auth, paused } = request.body;
      const subscription = await app.push.repository.setPaused(endpoint, auth, paused);
      if (!subscription) throw notFound();
      return { data: subscription };
    },
  );

  app.delete(
    '/PushSubscriptions',
    {
      schema: {
        tags: ['push'],
        operationId: 'deletePushSubscription',
        summary: 'Delete a subscription',
        description: 'Forgets the endpoint and everything waiting to be sent to it.',
        body: PushSubscriptionProofSchema,
        response: { 204: Type.Null({ description: 'Deleted' }), ...problemResponses(400, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!(await app.push.repository.remove(request.body.endpoint, request.body.auth))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default fp(pushSubscriptions, {
  name: 'wildalert-push-routes',
  dependencies: ['wildalert-errors', 'wildalert-push', 'wildalert-repositories', 'wildalert-rate-limit', 'wildalert-docs'],
  encapsulate: true,
});
