/**
 * The language of what the API says to people: validation messages, push notifications,
 * the Atom feed. Chosen from a request's Accept-Language (or a stored choice), with ICU
 * messages (plural forms) formatted by Lingui, the same runtime as the web app's.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import Negotiator from 'negotiator';
import { LANGUAGES, type FieldErrors, type Language } from '@wildalert/shared';
import { CATALOGUES, type MessageKey } from './catalogues.ts';

const instances = Object.fromEntries(
  LANGUAGES.map((language) => {
    const i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({ locale: language, messages: CATALOGUES[language] });
    return [language, i18n];
  }),
) as Record<Language, I18n>;

/** One message in one language; `values` fill its ICU arguments. */
export function translate(language: Language, key: MessageKey, values?: Record<string, unknown>): string {
  return instances[language]._(key, values);
}

/** English first: what a client that names none of the languages gets. */
const BY_PREFERENCE: Language[] = ['en', ...LANGUAGES.filter((l) => l !== 'en')];

/** The best of the API's languages for an Accept-Language header; English when none matches. */
export function negotiateLanguage(acceptLanguage: string | undefined, fallback: Language = 'en'): Language {
  if (!acceptLanguage) return fallback;
  const chosen = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language(BY_PREFERENCE);
  return (chosen as Language | undefined) ?? fallback;
}

/** Field errors with their `message` in `language`. */
export function localizeFieldErrors(errors: FieldErrors, language: Language): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      list.map((error) => ({
        ...error,
        message: translate(language, `field.${error.code}`, {
          ...error,
          exclusive: String(error.exclusive === true),
          allowed: error.allowed?.join(', '),
        }),
      })),
    ]),
  );
}
