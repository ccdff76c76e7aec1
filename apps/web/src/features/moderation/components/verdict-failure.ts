/**
 * Why a moderator's verdict (confirm, correct, reject) failed, in the visitor's language: the
 * problem's status and fields say it; its English `detail` is for programs and logs, never shown.
 */
import { t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';

export function verdictFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.kind === 'network') return t('moderation.failure.network');
  switch (error.status) {
    case 400:
      // The one refusal of a well-formed verdict: a correction to the animal the alert already shows.
      return t(Object.keys(error.fieldErrors).length > 0 ? 'moderation.failure.invalid' : 'moderation.failure.sameAnimal');
    case 401:
      return t('moderation.failure.signedOut');
    case 403:
      return t('moderation.failure.forbidden');
    case 404:
      return t('moderation.failure.gone');
    case 429:
      return t('moderation.failure.tooMany');
    default:
      return t('moderation.actions.failed', { status: error.status });
  }
}
