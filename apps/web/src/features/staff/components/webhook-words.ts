/**
 * Webhooks in words: an endpoint's state from its latest message, one attempt's outcome, and the
 * add form's checks and the server's field errors at its fields.
 */
import type { FieldErrors, WebhookDelivery, WebhookEndpoint } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';

/**
 * Disabled: the receiver answered 410 Gone, nothing more goes there. Failing: its latest message
 * is given up, or waits for a retry after an attempt that failed. Working: its latest message got
 * a 2xx. Unused: nothing sent yet (or everything older than the log keeps).
 */
export type EndpointState = 'disabled' | 'failing' | 'working' | 'unused';

export function endpointState(endpoint: Pick<WebhookEndpoint, 'enabled'>, latest: WebhookDelivery | undefined): EndpointState {
  if (!endpoint.enabled) return 'disabled';
  if (!latest) return 'unused';
  if (latest.status === 'failed' || (latest.status === 'pending' && latest.attempts > 0)) return 'failing';
  // Queued, not tried yet: the one before it tells nothing more than this one will; say how it went last.
  return latest.status === 'delivered' ? 'working' : 'unused';
}

/** "HTTP 204", "HTTP 500", the error of an attempt without an answer, or "not tried yet". */
export function attemptOutcome(delivery: Pick<WebhookDelivery, 'attempts' | 'lastStatusCode' | 'lastError'>): string {
  if (delivery.lastStatusCode !== null) return t('webhooks.log.http', { code: delivery.lastStatusCode });
  if (delivery.lastError !== null) return delivery.lastError;
  return t('webhooks.log.notTried');
}

export interface EndpointForm {
  url: string;
  description: string;
}

export type EndpointErrors = Partial<Record<'url' | 'description' | 'form', string>>;

/** The form's body, or that the address is missing; the server checks the rest (https, a public host) and says what is wrong at the field. */
export function endpointBody(form: EndpointForm): { body: { url: string; description?: string }; errors?: undefined } | { errors: EndpointErrors } {
  const url = form.url.trim();
  const description = form.description.trim();
  if (url === '') return { errors: { url: t('staff.field.required') } };
  return { body: { url, ...(description === '' ? {} : { description }) } };
}

/** A 400 answer's `errors` at the form's fields (the rest above it), each in the visitor's language by its code. */
export function endpointErrorsFromProblem(errors: FieldErrors): EndpointErrors {
  const out: EndpointErrors = {};
  for (const [path, list] of Object.entries(errors)) {
    const first = list[0];
    if (!first) continue;
    const field = path === 'url' || path === 'description' ? path : 'form';
    out[field] ??=
      first.code === 'not_https'
        ? t('staff.field.notHttps')
        : first.code === 'not_public_address'
          ? t('webhooks.field.notPublic')
          : first.code === 'too_long'
            ? t('staff.field.tooLong', { limit: first.limit ?? 0 })
            : first.code === 'required'
              ? t('staff.field.required')
              : t('staff.field.invalid');
  }
  return out;
}
