/**
 * Turns the contract's field errors (from the browser's check or the server's answer) into the
 * visitor's language, per form field, by their codes: the server's prose may change, its codes do not.
 */
import { COMMENTS_MAX_LENGTH, type FieldErrors } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';

type FormField = 'animal' | 'location' | 'comments' | 'sighting';
export type FormErrors = Partial<Record<FormField, string>>;

export function formFieldErrors(errors: FieldErrors): FormErrors {
  const out: FormErrors = {};
  for (const [field, list] of Object.entries(errors)) {
    const codes = list.map((error) => error.code);
    if (field === 'animal') out.animal = t('addAlert.fields.animal');
    else if (field === 'latitude') out.location = t('addAlert.fields.latitude');
    else if (field === 'longitude') out.location ??= t('addAlert.fields.longitude');
    else if (field === 'howMany' || field === 'young' || field === 'behaviour') out.sighting = t('addAlert.fields.sightingChoice');
    else if (field === 'comments') {
      const tooLong = list.find((error) => error.code === 'too_long');
      out.comments = tooLong
        ? t('addAlert.fields.commentsTooLong', { max: tooLong.limit ?? COMMENTS_MAX_LENGTH })
        : codes.includes('invalid_characters')
          ? t('addAlert.fields.commentsBadText')
          : t('addAlert.fields.invalid');
    }
  }
  return out;
}
