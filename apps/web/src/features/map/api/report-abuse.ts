/** POST /Alerts/{id}/reports: a visitor flags an alert as abuse, saying why (reports from three networks hide it). */
import type { CreateReportBody, ReportResponse } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

export function reportAbuse(alertId: string, reason: string): Promise<ReportResponse> {
  const body: CreateReportBody = { reason };
  return api<ReportResponse>(`/Alerts/${encodeURIComponent(alertId)}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
