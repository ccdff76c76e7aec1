/**
 * Webhooks per organisation (issue 33): the endpoints where an organisation's own systems hear
 * of its inbox (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), and the
 * delivery log of each.
 */
import { Type, type Static, type TSchema } from 'typebox';

/** What a message tells of: an alert landed in the inbox, its status changed, or an admin's test. */
const WEBHOOK_EVENT_TYPES = ['alert.routed', 'alert.status_changed', 'webhook.test'] as const;

export const WebhookEndpointBodySchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'https: URL on the public internet; redirects are not followed' }),
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const DateTime = Type.String({ format: 'date-time' });
const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const WebhookEndpointSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  organisationId: Type.String({ format: 'uuid' }),
  url: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean({ description: 'False once the receiver answered 410 Gone: nothing more is sent to it' }),
  disabledReason: OrNull(Type.String()),
  previousSecretUntil: OrNull(Type.String({ format: 'date-time', description: 'Until then the secret before the latest rotation signs too (a second signature)' })),
  createdAt: DateTime,
});
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = Type.Intersect([
  WebhookEndpointSchema,
  Type.Object({ secret: Type.String({ pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$', description: 'Shown this once: keep it where the receiver verifies signatures' }) }),
]);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecretSchema>;

export const WebhookDeliverySchema = Type.Object({
  id: Type.String({ pattern: '^msg_', description: 'The webhook-id header, the same at every attempt: a receiver drops a message it has seen' }),
  type: Type.Enum([...WEBHOOK_EVENT_TYPES]),
  status: Type.Enum(['pending', 'delivered', 'failed']),
  attempts: Type.Integer({ minimum: 0 }),
  lastStatusCode: OrNull(Type.Integer({ description: "The receiver's answer to the latest attempt" })),
  lastError: OrNull(Type.String({ description: 'Why the latest attempt got no answer (a timeout, a refused connection)' })),
  lastAttemptAt: OrNull(DateTime),
  nextAttemptAt: OrNull(Type.String({ format: 'date-time', description: 'Null once delivered or failed' })),
  createdAt: DateTime,
  deliveredAt: OrNull(DateTime),
  failedAt: OrNull(Type.String({ format: 'date-time', description: 'Given up: every retry failed, or the endpoint was disabled' })),
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;
