/**
 * The outbox's two requests: POST /Alerts and POST /Alerts/{id}/photos. Only the outbox sends
 * them (lint keeps the add form from sending anything itself): one sender, one key per act.
 */
import type { Alert, CreateAlertBody, Photo } from '@wildalert/shared';
import { api, apiAnswer } from '../../../lib/api-client.ts';

export interface StoredAlert {
  data: Alert;
  /** The answer's Alert-Key, which lets this device add the alert's photos (none from a server older than Alert-Keys). */
  alertKey: string | undefined;
}

/** `origin`: '' in the app (same origin); a test's server otherwise. */
export function postAlert(origin: string, body: CreateAlertBody, idempotencyKey: string, signal: AbortSignal): Promise<StoredAlert> {
  return apiAnswer<{ data: Alert }>(`${origin}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
    signal,
  }).then(({ body: { data }, headers }) => ({ data, alertKey: headers.get('alert-key') ?? undefined }));
}

/** One photo of an alert its sender reported (Alert-Key: what the server answered the report with). */
export function postPhoto(origin: string, alertId: string, alertKey: string, photoKey: string, blob: Blob, signal: AbortSignal): Promise<Photo> {
  return api<{ data: Photo }>(`${origin}/Alerts/${encodeURIComponent(alertId)}/photos`, {
    method: 'POST',
    // The server reads what the bytes are; the type only has to be an image's (or octet-stream).
    headers: { 'content-type': /^image\/[\w.+-]+$/.test(blob.type) ? blob.type : 'application/octet-stream', 'alert-key': alertKey, 'idempotency-key': photoKey },
    body: blob,
    signal,
  }).then((r) => r.data);
}
