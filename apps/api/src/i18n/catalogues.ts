/**
 * What the API says to people, in ICU MessageFormat, by language. English is the source: the
 * other two have exactly its keys (the type checks it). `field.*` are the validation messages
 * of each field error code.
 */
import type { FieldErrorCode, Language } from '@wildalert/shared';

const en = {
  'field.required': 'is required',
  'field.unknown_field': 'is not a known field',
  'field.wrong_type': 'must be {type, select, integer {an integer} object {an object} array {an array} other {a {type}}}',
  'field.too_small': '{exclusive, select, true {must be greater than {limit}} other {must be at least {limit}}}',
  'field.too_large': '{exclusive, select, true {must be less than {limit}} other {must be at most {limit}}}',
  'field.too_short': 'must be at least {limit} characters long',
  'field.too_long': 'must be at most {limit} characters long',
  'field.too_many_items': 'must have at most {limit} items',
  'field.not_allowed': 'must be one of: {allowed}',
  'field.wrong_format': 'must be a valid {format}',
  'field.invalid_characters': 'must not contain NUL characters or unpaired UTF-16 surrogates',
  'field.not_https': 'must be an https URL',
  'field.invalid_key': 'is not a valid key',
  'field.unknown_time_zone': 'must be an IANA time zone',
  'field.invalid': 'is invalid',
  /** The `detail` of a validation problem; `part` is body, querystring, params or headers. */
  'validation.detail':
    '{part, select, body {The body is not valid.} querystring {The query string is not valid.} params {The path parameters are not valid.} headers {The headers are not valid.} other {The request is not valid.}}',
} satisfies Record<`field.${FieldErrorCode}`, string> & Record<string, string>;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const pl: Catalogue = {
  'field.required': 'jest wymagane',
  'field.unknown_field': 'nie jest znanym polem',
  'field.wrong_type': 'musi być typu {type}',
  'field.too_small': '{exclusive, select, true {musi być większe niż {limit}} other {musi wynosić co najmniej {limit}}}',
  'field.too_large': '{exclusive, select, true {musi być mniejsze niż {limit}} other {musi wynosić najwyżej {limit}}}',
  'field.too_short': 'musi mieć co najmniej {limit, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}',
  'field.too_long': 'może mieć najwyżej {limit, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}',
  'field.too_many_items':
    'może mieć najwyżej {limit, plural, one {# element} few {# elementy} many {# elementów} other {# elementu}}',
  'field.not_allowed': 'musi być jedną z wartości: {allowed}',
  'field.wrong_format': 'musi być poprawną wartością formatu {format}',
  'field.invalid_characters': 'nie może zawierać znaków NUL ani niesparowanych surogatów UTF-16',
  'field.not_https': 'musi być adresem https',
  'field.invalid_key': 'nie jest poprawnym kluczem',
  'field.unknown_time_zone': 'musi być strefą czasową IANA',
  'field.invalid': 'ma nieprawidłową wartość',
  'validation.detail':
    '{part, select, body {Treść żądania jest nieprawidłowa.} querystring {Parametry zapytania są nieprawidłowe.} params {Parametry ścieżki są nieprawidłowe.} headers {Nagłówki są nieprawidłowe.} other {Żądanie jest nieprawidłowe.}}',
};

const uk: Catalogue = {
  'field.required': "є обов'язковим",
  'field.unknown_field': 'не є відомим полем',
  'field.wrong_type': 'має бути типу {type}',
  'field.too_small': '{exclusive, select, true {має бути більшим за {limit}} other {має бути не менше ніж {limit}}}',
  'field.too_large': '{exclusive, select, true {має бути меншим за {limit}} other {має бути не більше ніж {limit}}}',
  'field.too_short':
    'має містити щонайменше {limit, plural, one {# символ} few {# символи} many {# символів} other {# символу}}',
  'field.too_long':
    'може містити щонайбільше {limit, plural, one {# символ} few {# символи} many {# символів} other {# символу}}',
  'field.too_many_items':
    'може містити щонайбільше {limit, plural, one {# елемент} few {# елементи} many {# елементів} other {# елемента}}',
  'field.not_allowed': 'має бути одним зі значень: {allowed}',
  'field.wrong_format': 'має бути коректним значенням формату {format}',
  'field.invalid_characters': 'не може містити символів NUL або непарних сурогатів UTF-16',
  'field.not_https': 'має бути адресою https',
  'field.invalid_key': 'не є коректним ключем',
  'field.unknown_time_zone': 'має бути часовим поясом IANA',
  'field.invalid': 'має неприпустиме значення',
  'validation.detail':
    '{part, select, body {Тіло запиту некоректне.} querystring {Параметри запиту некоректні.} params {Параметри шляху некоректні.} headers {Заголовки некоректні.} other {Запит некоректний.}}',
};

export const CATALOGUES: Record<Language, Catalogue> = { en, pl, uk };
