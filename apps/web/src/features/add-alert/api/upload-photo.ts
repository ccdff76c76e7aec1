/** POST /Alerts/{id}/photos: one photo of an alert its sender reported (Alert-Key: what the server answered the report with). */
import type { Photo } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

export function uploadPhoto(alertId: string, alertKey: string, photoKey: string, blob: Blob): Promise<Photo> {
  return api<{ data: Photo }>(`/Alerts/${encodeURIComponent(alertId)}/photos`, {
    method: 'POST',
    // The server reads what the bytes are; the type only has to be an image's (or octet-stream).
    headers: { 'content-type': /^image\/[\w.+-]+$/.test(blob.type) ? blob.type : 'application/octet-stream', 'alert-key': alertKey, 'idempotency-key': photoKey },
    body: blob,
  }).then((r) => r.data);
}
