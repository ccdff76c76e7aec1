/**
 * What the API says to people, in ICU MessageFormat, by language. English is the source: the
 * other two have exactly its keys (the type checks it). `field.*` are the validation messages
 * of each field error code; `push.*` the text of push notifications.
 */
import type { AnimalKey, FieldErrorCode, Language } from '@wildalert/shared';

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
  // Push notifications: one alert, or a summary of several (`animals`: "2 wild boars, 1 fox").
  'push.title': 'New report nearby',
  'push.summary': '{count, plural, one {# new report} other {# new reports}}: {animals}',
  'push.where': '{animal}, {distance} from your place',
  'push.comment': '{where}: “{comment}”',
  'push.newest': 'Newest: {text}',
  'push.animal.boar': '{count, plural, one {# wild boar} other {# wild boars}}',
  'push.animal.fox': '{count, plural, one {# fox} other {# foxes}}',
  'push.animal.roe-deer': '{count, plural, one {# roe deer} other {# roe deer}}',
  'push.animal.hare': '{count, plural, one {# hare} other {# hares}}',
  'push.animal.marten': '{count, plural, one {# marten} other {# martens}}',
  'push.animal.badger': '{count, plural, one {# badger} other {# badgers}}',
  'push.animal.beaver': '{count, plural, one {# beaver} other {# beavers}}',
  'push.animal.hedgehog': '{count, plural, one {# hedgehog} other {# hedgehogs}}',
  'push.animal.red-deer': '{count, plural, one {# red deer} other {# red deer}}',
  'push.animal.moose': '{count, plural, one {# moose} other {# moose}}',
  'push.animal.wolf': '{count, plural, one {# wolf} other {# wolves}}',
  'push.animal.lynx': '{count, plural, one {# lynx} other {# lynxes}}',
  'push.animal.bear': '{count, plural, one {# bear} other {# bears}}',
  'push.animal.other': '{count, plural, one {# other animal} other {# other animals}}',
  /** The `detail` of a validation problem; `part` is body, querystring, params or headers. */
  // The Atom feed (GET /Alerts.atom).
  'feed.everything': 'Wild-animal sightings',
  'feed.title': 'WildAlert: {what} within {radius} of {place}',
  'feed.subtitle': 'The newest reports (up to {count}), newest first.',
  'feed.entry': '{animal}, {distance} from the chosen place',
  'feed.noComment': '{animal} (no description)',
  'validation.detail':
    '{part, select, body {The body is not valid.} querystring {The query string is not valid.} params {The path parameters are not valid.} headers {The headers are not valid.} other {The request is not valid.}}',
} satisfies Record<`field.${FieldErrorCode}` | `push.animal.${AnimalKey}`, string> & Record<string, string>;

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
  'push.title': 'Nowe zgłoszenie w pobliżu',
  'push.summary': '{count, plural, one {# nowe zgłoszenie} few {# nowe zgłoszenia} many {# nowych zgłoszeń} other {# nowego zgłoszenia}}: {animals}',
  'push.where': '{animal}, {distance} od Twojego miejsca',
  'push.comment': '{where}: „{comment}”',
  'push.newest': 'Najnowsze: {text}',
  'push.animal.boar': '{count, plural, one {# dzik} few {# dziki} many {# dzików} other {# dzika}}',
  'push.animal.fox': '{count, plural, one {# lis} few {# lisy} many {# lisów} other {# lisa}}',
  'push.animal.roe-deer': '{count, plural, one {# sarna} few {# sarny} many {# saren} other {# sarny}}',
  'push.animal.hare': '{count, plural, one {# zając} few {# zające} many {# zajęcy} other {# zająca}}',
  'push.animal.marten': '{count, plural, one {# kuna} few {# kuny} many {# kun} other {# kuny}}',
  'push.animal.badger': '{count, plural, one {# borsuk} few {# borsuki} many {# borsuków} other {# borsuka}}',
  'push.animal.beaver': '{count, plural, one {# bóbr} few {# bobry} many {# bobrów} other {# bobra}}',
  'push.animal.hedgehog': '{count, plural, one {# jeż} few {# jeże} many {# jeży} other {# jeża}}',
  'push.animal.red-deer': '{count, plural, one {# jeleń} few {# jelenie} many {# jeleni} other {# jelenia}}',
  'push.animal.moose': '{count, plural, one {# łoś} few {# łosie} many {# łosi} other {# łosia}}',
  'push.animal.wolf': '{count, plural, one {# wilk} few {# wilki} many {# wilków} other {# wilka}}',
  'push.animal.lynx': '{count, plural, one {# ryś} few {# rysie} many {# rysiów} other {# rysia}}',
  'push.animal.bear': '{count, plural, one {# niedźwiedź} few {# niedźwiedzie} many {# niedźwiedzi} other {# niedźwiedzia}}',
  'push.animal.other': '{count, plural, one {# inne zwierzę} few {# inne zwierzęta} many {# innych zwierząt} other {# innego zwierzęcia}}',
  'feed.everything': 'Zgłoszenia dzikich zwierząt',
  'feed.title': 'WildAlert: {what} w promieniu {radius} od {place}',
  'feed.subtitle': 'Najnowsze zgłoszenia (do {count}), od najnowszego.',
  'feed.entry': '{animal}, {distance} od wskazanego miejsca',
  'feed.noComment': '{animal} (bez opisu)',
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
  'push.title': 'Нове повідомлення поблизу',
  'push.summary': '{count, plural, one {# нове повідомлення} few {# нові повідомлення} many {# нових повідомлень} other {# нового повідомлення}}: {animals}',
  'push.where': '{animal}, {distance} від вашого місця',
  'push.comment': '{where}: «{comment}»',
  'push.newest': 'Найновіше: {text}',
  'push.animal.boar': '{count, plural, one {# дикий кабан} few {# дикі кабани} many {# диких кабанів} other {# дикого кабана}}',
  'push.animal.fox': '{count, plural, one {# лисиця} few {# лисиці} many {# лисиць} other {# лисиці}}',
  'push.animal.roe-deer': '{count, plural, one {# козуля} few {# козулі} many {# козуль} other {# козулі}}',
  'push.animal.hare': '{count, plural, one {# заєць} few {# зайці} many {# зайців} other {# зайця}}',
  'push.animal.marten': '{count, plural, one {# куниця} few {# куниці} many {# куниць} other {# куниці}}',
  'push.animal.badger': '{count, plural, one {# борсук} few {# борсуки} many {# борсуків} other {# борсука}}',
  'push.animal.beaver': '{count, plural, one {# бобер} few {# бобри} many {# бобрів} other {# бобра}}',
  'push.animal.hedgehog': '{count, plural, one {# їжак} few {# їжаки} many {# їжаків} other {# їжака}}',
  'push.animal.red-deer': '{count, plural, one {# благородний олень} few {# благородні олені} many {# благородних оленів} other {# благородного оленя}}',
  'push.animal.moose': '{count, plural, one {# лось} few {# лосі} many {# лосів} other {# лося}}',
  'push.animal.wolf': '{count, plural, one {# вовк} few {# вовки} many {# вовків} other {# вовка}}',
  'push.animal.lynx': '{count, plural, one {# рись} few {# рисі} many {# рисей} other {# рисі}}',
  'push.animal.bear': '{count, plural, one {# ведмідь} few {# ведмеді} many {# ведмедів} other {# ведмедя}}',
  'push.animal.other': '{count, plural, one {# інша тварина} few {# інші тварини} many {# інших тварин} other {# іншої тварини}}',
  'feed.everything': 'Повідомлення про диких тварин',
  'feed.title': 'WildAlert: {what} у радіусі {radius} від {place}',
  'feed.subtitle': 'Найновіші повідомлення (до {count}), від найновішого.',
  'feed.entry': '{animal}, {distance} від вибраного місця',
  'feed.noComment': '{animal} (без опису)',
  'validation.detail':
    '{part, select, body {Тіло запиту некоректне.} querystring {Параметри запиту некоректні.} params {Параметри шляху некоректні.} headers {Заголовки некоректні.} other {Запит некоректний.}}',
};

export const CATALOGUES: Record<Language, Catalogue> = { en, pl, uk };
