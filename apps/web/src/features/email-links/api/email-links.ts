/** What the links of the e-mail alerts' mails do, at a button's press: confirm a subscription, or end it (RFC 8058's URL). */
import type { EmailSubscriptionInfo } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';

export async function confirmEmail(token: string): Promise<EmailSubscriptionInfo> {
  const body = JSON.stringify({ token });
  return (await api<{ data: EmailSubscriptionInfo }>('/EmailSubscriptions/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).data;
}

/** The same POST a mail client's one-click unsubscribe sends. */
export async function unsubscribeEmail(token: string): Promise<void> {
  await api<undefined>(`/EmailSubscriptions/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}
