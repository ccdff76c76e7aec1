/** POST /EmailSubscriptions: area alerts by e-mail for an address (a confirmation mail goes there first). */
import type { EmailFrequency, EmailSubscribedResponse } from '@wildalert/shared';
import { language, t } from '../../../i18n/i18n.ts';
import { api, type ApiError } from '../../../lib/api-client.ts';
import type { Area } from './push-subscriptions.ts';

export async function subscribeEmail(address: string, area: Area, frequency: EmailFrequency): Promise<EmailSubscribedResponse['data']> {
  const body = { address, ...area, frequency, language: language() };
  return (await api<EmailSubscribedResponse>('/EmailSubscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).data;
}

/** Why the server did not take the address, in the visitor's words. */
export function emailRefusalMessage(error: ApiError): string {
  if (error.kind === 'network') return t('areaAlerts.offline');
  if (error.status === 429) return t('email.form.tooMany');
  if (error.status === 409) return t('email.form.suppressed');
  if (error.status === 501) return t('email.form.unavailable');
  if (error.fieldErrors.address) return t('email.form.invalid');
  return t('areaAlerts.serverFailed');
}
