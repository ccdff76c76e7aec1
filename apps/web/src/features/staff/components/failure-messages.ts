/**
 * What went wrong, in the visitor's language: a single sign-on failure the server sent back in
 * the address (`?error=`), a refused request, or a passkey ceremony the browser ended.
 */
import { t, type MessageKey } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { inTime } from '../../../lib/format.ts';

/** The codes of GET /staff/sso/callback's redirect to the sign-in screen. */
const SSO_ERRORS = {
  sso_state: 'staff.signIn.error.ssoState',
  sso_failed: 'staff.signIn.error.ssoFailed',
  sso_role: 'staff.signIn.error.ssoRole',
  sso_disabled: 'staff.signIn.error.ssoDisabled',
  sso_limited: 'staff.signIn.error.ssoLimited',
} as const satisfies Record<string, MessageKey>;

/** The sign-in screen's `?error=` in words; a code this app does not know yet still says that it failed. */
export function signInErrorMessage(code: string | null): string | null {
  if (code === null || code === '') return null;
  return t(Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as keyof typeof SSO_ERRORS] : 'staff.signIn.error.other');
}

/** What was being done: the same status means something else in each. */
export type Doing = 'sign-in' | 'invite' | 'passkey' | 'remove-passkey' | 'account' | 'inbox-step' | 'other';

export function failureMessage(error: unknown, doing: Doing): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return t('staff.failure.network');
    switch (error.status) {
      case 429:
        return t('staff.failure.tooMany', { wait: inTime(error.retryAfterSeconds ?? 60) });
      case 401:
        return t(doing === 'sign-in' ? 'staff.failure.unknownPasskey' : 'staff.failure.signedOut');
      case 403:
        return t(doing === 'sign-in' ? 'staff.failure.accountDisabled' : 'staff.failure.forbidden');
      case 404:
        if (doing === 'invite') return t('staff.failure.inviteGone');
        break;
      case 410:
        if (doing === 'invite') return t('staff.failure.inviteExpired');
        break;
      case 409:
        if (doing === 'remove-passkey') return t('staff.failure.lastPasskey');
        if (doing === 'account') return t('staff.failure.lastAdmin');
        if (doing === 'inbox-step') return t('staff.failure.stepTaken');
        break;
    }
    return t('staff.failure.other', { status: error.status });
  }
  // The browser's passkey dialog: WebAuthn's DOMExceptions, by name, as @simplewebauthn/browser
  // passes them on (not every engine makes a DOMException an instanceof Error).
  if (typeof error === 'object' && error !== null && 'name' in error) {
    const { name, message } = error as { name: unknown; message?: unknown };
    if (name === 'NotAllowedError' || name === 'AbortError') return t('staff.failure.cancelled');
    if (name === 'InvalidStateError') return t('staff.failure.alreadyRegistered');
    if (name === 'SecurityError') return t('staff.failure.wrongSite');
    if (name === 'NotSupportedError' || (typeof message === 'string' && /not supported/i.test(message))) return t('staff.failure.unsupported');
  }
  return t('staff.failure.unexpected');
}
