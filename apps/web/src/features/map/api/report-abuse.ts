/** POST /Alerts/{id}/reports: a visitor reports an alert as abuse (reports from three networks hide it). */
import type { ReportResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

export function reportAbuse(alertId: string): Promise<ReportResponse> {
  return api<ReportResponse>(`/Alerts/${encodeURIComponent(alertId)}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}
