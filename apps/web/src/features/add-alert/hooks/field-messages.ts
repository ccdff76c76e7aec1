/** Turns the contract's field errors (from the browser's check or the server's answer) into Polish, per form field. */
import { COMMENTS_MAX_LENGTH, type FieldErrors } from '@wildalert/shared';
import { plAddAlert } from '../../../i18n/pl-add-alert.ts';

type FormField = 'animal' | 'location' | 'comments';
export type FormErrors = Partial<Record<FormField, string>>;

export function polishFieldErrors(errors: FieldErrors): FormErrors {
  const t = plAddAlert.addAlert.fields;
  const out: FormErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const text = messages.join(' ');
    if (field === 'animal') out.animal = t.animal;
    else if (field === 'latitude') out.location = t.latitude;
    else if (field === 'longitude') out.location ??= t.longitude;
    else if (field === 'comments') {
      out.comments = /at most/.test(text)
        ? t.commentsTooLong(COMMENTS_MAX_LENGTH)
        : /NUL|surrogate/.test(text)
          ? t.commentsBadText
          : t.invalid;
    }
  }
  return out;
}
