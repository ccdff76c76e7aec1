/** An organisation's name in the visitor's language, else in Polish (which it always has). */
import type { Names } from '@wildalert/shared';
import { language } from '../../../i18n/i18n.ts';

export function organisationName(name: Names): string {
  return name[language()] ?? name.pl;
}
