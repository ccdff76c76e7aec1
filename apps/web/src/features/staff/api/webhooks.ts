/**
 * An organisation's webhooks (issue 33): its endpoints, each one's delivery log (members and
 * admins read them), and an admin's add, delete, secret rotation and test message. A secret comes
 * only in the answer that made it (add, rotate): nothing here keeps it.
 */
import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { useStaffMutation } from './staff-mutation.ts';

/** Rows of a log shown: the newest attempts are what an admin looks for. */
const LOG_LIMIT = 20;
/** The log follows deliveries without a reload: a retry's answer, a test's, a new alert's. */
const LOG_REFRESH_MS = 5_000;

const endpointsKey = (organisationId: string) => ['staff', 'webhooks', organisationId];
const base = (organisationId: string) => `/staff/organisations/${encodeURIComponent(organisationId)}/webhooks`;
const one = (organisationId: string, hookId: string) => `${base(organisationId)}/${encodeURIComponent(hookId)}`;

export function useWebhookEndpoints(organisationId: string) {
  return useQuery({
    queryKey: endpointsKey(organisationId),
    queryFn: async () => (await api<{ data: WebhookEndpoint[] }>(base(organisationId), { cache: 'no-store' })).data,
  });
}

export function useWebhookDeliveries(organisationId: string, hookId: string) {
  return useQuery({
    queryKey: [...endpointsKey(organisationId), hookId, 'deliveries'],
    queryFn: async () => (await api<{ data: WebhookDelivery[] }>(`${one(organisationId, hookId)}/deliveries?limit=${LOG_LIMIT}`, { cache: 'no-store' })).data,
    refetchInterval: LOG_REFRESH_MS,
  });
}

/** Adds one; the answer holds its secret, this once. 400 with field errors for the form's fields. */
export function useAddWebhook(me: StaffMe, organisationId: string) {
  return useStaffMutation(
    async (body: { url: string; description?: string }) => (await api<{ data: WebhookEndpointWithSecret }>(base(organisationId), staffWrite(me, 'POST', body))).data,
    [endpointsKey(organisationId), ['staff', 'audit']],
  );
}

/** A new secret, this once; the old one signs too for a while (previousSecretUntil). */
export function useRotateWebhookSecret(me: StaffMe, organisationId: string) {
  return useStaffMutation(
    async (hookId: string) => (await api<{ data: WebhookEndpointWithSecret }>(`${one(organisationId, hookId)}/rotate-secret`, staffWrite(me, 'POST'))).data,
    [endpointsKey(organisationId), ['staff', 'audit']],
  );
}

export function useTestWebhook(me: StaffMe, organisationId: string) {
  return useStaffMutation(
    async (hookId: string) => (await api<{ data: WebhookDelivery }>(`${one(organisationId, hookId)}/test`, staffWrite(me, 'POST'))).data,
    [endpointsKey(organisationId), ['staff', 'audit']],
  );
}

export function useDeleteWebhook(me: StaffMe, organisationId: string) {
  return useStaffMutation((hookId: string) => api<void>(one(organisationId, hookId), staffWrite(me, 'DELETE')), [endpointsKey(organisationId), ['staff', 'audit']]);
}
