/**
 * An organisation's inbox (issue 33): the alerts routed to it, live as they come and change, a
 * responder's status steps and the organisation's response figures. Members and admins only.
 *
 * The inbox stream's cap is per instance and per account, as the public stream's is per address
 * (alerts-stream.ts): what it guards is the instance's sockets, and staff are few and known.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { InboxEntrySchema, StatusChangeBodySchema, UUID_PATTERN } from '@wildalert/shared';
import type { Config } from '../config.ts';
import { HttpProblem, problemResponse, problemResponses, rateLimited } from '../http/problem.ts';
import { BadHandOverError, StepBackwardsError } from '../repositories/organisations-repository.ts';
import { BadStepError, NoEntryError } from '../services/inbox-service.ts';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';
import { checkId, organisationProblem } from './organisations.ts';

const INBOX_LIMIT_DEFAULT = 50;
const INBOX_LIMIT_MAX = 200;
/** How soon a browser reconnects a dropped inbox stream. */
const RETRY_MS = 3000;
/** When a member of staff may try again for another stream. */
const STREAMS_RETRY_AFTER_S = 60;

const IdParams = Type.Object({ id: Type.String({ description: 'The organisation (UUID)' }) });

const FiguresSchema = Type.Object({
  acknowledgedMedianSeconds: Type.Union([Type.Number(), Type.Null()], { description: 'Median time from arrival to the first step; null: none taken' }),
  resolvedMedianSeconds: Type.Union([Type.Number(), Type.Null()], { description: 'Median time from arrival to resolved; null: none resolved' }),
  resolvedShare: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'Resolved entries / entries; null: no entries' }),
  entries: Type.Integer({ description: 'Alerts that arrived in the last 30 days' }),
});

const inbox: FastifyPluginAsyncTypebox<{ streams: Config['streams'] }> = async (app, { streams }) => {
  const anyStaff = app.requireStaff('responder');
  const service = app.services.inbox;
  /** Open inbox streams per account, on this instance. */
  const held = new Map<string, number>();

  app.get(
    '/staff/organisations/:id/inbox',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'listInbox',
        summary: "An organisation's inbox, newest first (members and admins)",
        description: 'Each alert at its exact point, even for a sensitive species. `open` (the default): not resolved yet.',
        security: STAFF_SECURITY,
        params: IdParams,
        querystring: Type.Object(
          {
            status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('all')], { default: 'open' })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INBOX_LIMIT_MAX, default: INBOX_LIMIT_DEFAULT })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ data: Type.Array(InboxEntrySchema) }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const { id } = request.params;
      checkId(id);
      const { status = 'open', limit = INBOX_LIMIT_DEFAULT } = request.query;
      reply.header('cache-control', 'no-store');
      return { data: await service.list(request.staffMember!, id, status, limit).catch((error: unknown) => organisationProblem(error, id)) };
    },
  );

  app.get(
    '/staff/organisations/:id/inbox/stream',
    {
      sse: { kind: 'manual' },
      compress: false,
      exposeHeadRoute: false,
      schema: {
        tags: ['organisations'],
        operationId: 'streamInbox',
        summary: "An organisation's inbox, live (Server-Sent Events; members and admins)",
        description: [
          'A `text/event-stream`: `ready` once live, then `entry` (data `{"alertId": …}`) whenever an entry of the',
          'organisation is created or changes, or its alert does (a photo, a vote, hidden), from any instance: the client',
          'reads the inbox again. A comment line is sent every 20 s. Nothing is replayed: after a reconnect the client',
          `reads the inbox again. At most ${streams.perClient} open streams per account on each instance (else \`429\`).`,
        ].join('\n'),
        security: STAFF_SECURITY,
        params: IdParams,
        response: {
          200: { description: 'The events, as long as the connection stays open', content: { 'text/event-stream': { schema: Type.String() } } },
          ...problemResponses(400, 401, 403, 404),
          429: problemResponse(429, 'Too many open inbox streams of this account; see Retry-After'),
        },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const { id } = request.params;
      checkId(id);
      const account = request.staffMember!.accountId;
      if ((held.get(account) ?? 0) >= streams.perClient) {
        throw rateLimited(`Too many open inbox streams (at most ${streams.perClient}). Close one, or try again in ${STREAMS_RETRY_AFTER_S} s.`, STREAMS_RETRY_AFTER_S);
      }
      await service.checkWatch(request.staffMember!, id).catch((error: unknown) => organisationProblem(error, id));
      if (!reply.sse.isConnected || request.raw.destroyed) return;
      held.set(account, (held.get(account) ?? 0) + 1);
      reply.sse.keepAlive();
      const write = (text: string) => {
        if (!reply.sse.isConnected) return;
        reply.sse.sendHeaders();
        reply.raw.write(text);
      };
      write(`retry: ${RETRY_MS}\n\nevent: ready\ndata: {}\n\n`);
      // One small event per change; a client that stops reading is cut by the socket's own
      // timeouts long before these few bytes matter.
      const subscription = service.watch(id, (alertId) => write(`event: entry\ndata: ${JSON.stringify({ alertId })}\n\n`));
      const end = () => reply.sse.close();
      app.liveStreams.add(end);
      reply.sse.onClose(() => {
        subscription.unsubscribe();
        app.liveStreams.delete(end);
        const left = (held.get(account) ?? 1) - 1;
        if (left > 0) held.set(account, left);
        else held.delete(account);
      });
    },
  );

  app.post(
    '/staff/organisations/:id/inbox/:alertId/status',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'changeInboxStatus',
        summary: 'A step on an alert in the inbox: acknowledged, on the way, resolved (members and admins)',
        description: [
          'Forward only (a step may be skipped); a step back, or any after `resolved`, is refused (409). `outcome`',
          'with `resolved` and only then; `handedTo` (an organisation with an inbox) with the outcome `handed-over`, which',
          'puts the alert in its inbox too. The `note` is shown to everyone with the status. Every open map hears of the',
          'step (a `changed` alert on GET /Alerts/stream), and the audit log keeps it.',
        ].join('\n'),
        security: STAFF_SECURITY,
        params: Type.Object({ id: IdParams.properties.id, alertId: Type.String({ description: 'The alert (UUID)' }) }),
        body: StatusChangeBodySchema,
        response: { 200: InboxEntrySchema, ...problemResponses(400, 401, 403, 404, 409) },
      },
      onRequest: anyStaff,
    },
    async (request) => {
      const { id, alertId } = request.params;
      checkId(id);
      const noEntry = new HttpProblem({ status: 404, detail: `Alert ${alertId} is not in this organisation's inbox.` });
      if (!UUID_PATTERN.test(alertId)) throw noEntry;
      const staff = request.staffMember!;
      return service.step(staff, actorOf(staff), id, alertId, request.body).catch((error: unknown) => {
        if (error instanceof NoEntryError) throw noEntry;
        if (error instanceof StepBackwardsError) throw new HttpProblem({ status: 409, detail: `${error.message} Steps go forward only.` });
        if (error instanceof BadStepError || error instanceof BadHandOverError) throw new HttpProblem({ status: 400, detail: error.message });
        return organisationProblem(error, id);
      });
    },
  );

  app.get(
    '/staff/organisations/:id/figures',
    {
      schema: {
        tags: ['organisations'],
        operationId: 'inboxFigures',
        summary: 'How the organisation answered its alerts in the last 30 days (members and admins)',
        security: STAFF_SECURITY,
        params: IdParams,
        response: { 200: FiguresSchema, ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: anyStaff,
    },
    async (request, reply) => {
      const { id } = request.params;
      checkId(id);
      reply.header('cache-control', 'no-store');
      return service.figures(request.staffMember!, id).catch((error: unknown) => organisationProblem(error, id));
    },
  );
};

export default fp(inbox, {
  name: 'wildalert-inbox-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-staff-auth', 'wildalert-docs', 'wildalert-live'],
  encapsulate: true,
});
