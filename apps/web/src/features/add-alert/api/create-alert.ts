/** POST /Alerts: the fetcher and its mutation hook (the form's checks: validate-alert.ts). */
import { useMutation } from '@tanstack/react-query';
import type { Alert, CreateAlertBody } from '@wildalert/shared';
import { apiAnswer } from '../../../lib/api-client.ts';

export interface CreatedAlert {
  data: Alert;
  /** The answer's Alert-Key, which lets this device add the alert's photos (none from a server older than Alert-Keys). */
  alertKey: string | undefined;
}

export function createAlert(body: CreateAlertBody, idempotencyKey: string): Promise<CreatedAlert> {
  return apiAnswer<{ data: Alert }>('/Alerts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  }).then(({ body: { data }, headers }) => ({ data, alertKey: headers.get('alert-key') ?? undefined }));
}

export function useCreateAlert() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateAlertBody; idempotencyKey: string }) => createAlert(body, idempotencyKey),
  });
}
