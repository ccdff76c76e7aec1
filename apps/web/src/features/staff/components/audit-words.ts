/** The audit log's codes in words: its actions, and the details the server writes with them. */
import { t, type MessageKey } from '../../../i18n/i18n.ts';
import { STAFF_ROLES, type StaffRole } from '@wildalert/shared';
import type { AuditEntry } from '../api/audit.ts';

/** The actions the server writes (docs/staff-accounts.md), in words; one it adds later shows as its code. */
const ACTIONS: Record<string, MessageKey> = {
  'signed-in': 'staff.audit.action.signedIn',
  'signed-out': 'staff.audit.action.signedOut',
  'signed-out-everywhere': 'staff.audit.action.signedOutEverywhere',
  'invite-created': 'staff.audit.action.inviteCreated',
  'invite-revoked': 'staff.audit.action.inviteRevoked',
  'account-created': 'staff.audit.action.accountCreated',
  'role-changed': 'staff.audit.action.roleChanged',
  'account-disabled': 'staff.audit.action.accountDisabled',
  'account-enabled': 'staff.audit.action.accountEnabled',
  'passkey-added': 'staff.audit.action.passkeyAdded',
  'passkey-removed': 'staff.audit.action.passkeyRemoved',
  'token-created': 'staff.audit.action.tokenCreated',
  'token-revoked': 'staff.audit.action.tokenRevoked',
  'alert-hidden': 'staff.audit.action.alertHidden',
  'alert-restored': 'staff.audit.action.alertRestored',
  'photo-hidden': 'staff.audit.action.photoHidden',
};

export function actionName(action: string): string {
  const key = ACTIONS[action];
  return key ? t(key) : action;
}

/** The details the server writes, named in words; one it adds later shows under its own name. */
const DETAILS: Record<string, MessageKey> = {
  name: 'staff.audit.detail.name',
  role: 'staff.audit.detail.role',
  from: 'staff.audit.detail.from',
  to: 'staff.audit.detail.to',
  with: 'staff.audit.detail.with',
  by: 'staff.audit.detail.by',
  alert: 'staff.audit.detail.alert',
  invite: 'staff.audit.detail.invite',
};
const ROLE_DETAILS = new Set(['role', 'from', 'to']);
const METHODS: Record<string, MessageKey> = { passkey: 'staff.audit.method.passkey', sso: 'staff.audit.method.sso', token: 'staff.audit.method.token' };

function detailValue(key: string, value: unknown): string {
  if (ROLE_DETAILS.has(key) && (STAFF_ROLES as readonly unknown[]).includes(value)) return t(`staff.role.${value as StaffRole}`);
  if (key === 'with' && typeof value === 'string' && METHODS[value]) return t(METHODS[value]);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The details as "rola: moderator · sposób: klucz dostępu": short facts in words, not a JSON dump. */
export function detailsLine(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .flatMap(([key, value]) => {
      if (value === null || value === undefined || value === '' || value === false) return [];
      // The first admin's invite, made by the server at its first start.
      if (key === 'bootstrap') return [t('staff.audit.detail.bootstrap')];
      return [`${DETAILS[key] ? t(DETAILS[key]) : key}: ${detailValue(key, value)}`];
    })
    .join(' · ');
}
