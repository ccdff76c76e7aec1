/**
 * The monthly report's form (issue 37): the addresses as typed (one per line, or separated by
 * commas or spaces) made into the setting the API takes, checked first here so that a typo is
 * shown at once, in the visitor's language; the server's own field errors shown at the same field.
 */
import { MONTHLY_REPORT_MAX_ADDRESSES, type FieldErrors, type Language, type MonthlyReportSetting } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';
import { fieldMessage } from './organisation-form.ts';

export interface MonthlyReportForm {
  enabled: boolean;
  addresses: string;
  language: Language;
}

/** Good enough to catch a typo; the server and the mail relay are the judges. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function formFromSetting(setting: MonthlyReportSetting): MonthlyReportForm {
  return { enabled: setting.enabled, addresses: setting.addresses.join('\n'), language: setting.language };
}

/** The setting to send, or what is wrong with the addresses (the only field that can be). */
export function settingFromForm(form: MonthlyReportForm): { setting: MonthlyReportSetting } | { error: string } {
  const addresses = [...new Set(form.addresses.split(/[\s,;]+/).filter((a) => a !== ''))];
  if (!form.enabled) return { setting: { enabled: false, addresses: [], language: form.language } };
  const bad = addresses.find((a) => !LOOKS_LIKE_EMAIL.test(a));
  if (bad !== undefined) return { error: t('staff.monthlyReport.errors.invalid', { address: bad }) };
  if (addresses.length === 0) return { error: t('staff.monthlyReport.errors.none') };
  if (addresses.length > MONTHLY_REPORT_MAX_ADDRESSES) return { error: t('staff.monthlyReport.errors.tooMany', { limit: MONTHLY_REPORT_MAX_ADDRESSES }) };
  return { setting: { enabled: true, addresses, language: form.language } };
}

/** A 400 answer's error about the addresses (the server names the field, not which one), for that field. */
export function addressesErrorFromProblem(errors: FieldErrors): string | undefined {
  const first = errors.addresses?.[0];
  return first && fieldMessage(first);
}
