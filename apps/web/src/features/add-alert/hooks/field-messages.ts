/**
 * Turns the contract's field errors (from the browser's check or the server's answer) into Polish,
 * per form field, by their codes: the server's prose may change, its codes do not.
 */
import { COMMENTS_MAX_LENGTH, type FieldErrors } from '@wildalert/shared';
import { plAddAlert } from '../../../i18n/pl-add-alert.ts';

type FormField = 'animal' | 'location' | 'comments';
export type FormErrors = Partial<Record<FormField, string>>;

export function polishFieldErrors(errors: FieldErrors): FormErrors {
  const t = plAddAlert.addAlert.fields;
  const out: FormErrors = {};
  for (const [field, list] of Object.entries(errors)) {
    const codes = list.map((error) => error.code);
    if (field === 'animal') out.animal = t.animal;
    else if (field === 'latitude') out.location = t.latitude;
    else if (field === 'longitude') out.location ??= t.longitude;
    else if (field === 'comments') {
      const tooLong = list.find((error) => error.code === 'too_long');
      out.comments = tooLong
        ? t.commentsTooLong(tooLong.limit ?? COMMENTS_MAX_LENGTH)
        : codes.includes('invalid_characters')
          ? t.commentsBadText
          : t.invalid;
    }
  }
  return out;
}
