/**
 * POST /Alerts: the fetcher, its mutation hook, and the checks the form runs before sending
 * — the server's own schema (CreateAlertBodySchema), so both sides refuse the same things.
 */
import { useMutation } from '@tanstack/react-query';
import { Value } from 'typebox/value';
import { CreateAlertBodySchema, fieldErrors, type Alert, type CreateAlertBody, type FieldErrors } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

export function createAlert(body: CreateAlertBody, idempotencyKey: string): Promise<{ data: Alert }> {
  return api<{ data: Alert }>('/Alerts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
}

export function useCreateAlert() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateAlertBody; idempotencyKey: string }) =>
      createAlert(body, idempotencyKey).then((r) => r.data),
  });
}

/** The server's messages, grouped by field; empty when the body would be accepted. */
export function validateAlert(body: unknown): FieldErrors {
  return fieldErrors([...Value.Errors(CreateAlertBodySchema, body)]);
}
