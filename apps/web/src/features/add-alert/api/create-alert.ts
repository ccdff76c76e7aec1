/** POST /Alerts: the fetcher and its mutation hook (the form's checks: validate-alert.ts). */
import { useMutation } from '@tanstack/react-query';
import type { Alert, CreateAlertBody } from '@wildalert/shared';
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

