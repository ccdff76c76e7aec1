/**
 * What is wrong with a field, as a stable code a client translates; the parameters a message
 * needs (`limit`, `allowed`, `type`, `format`) come beside it. Never renamed: clients key on them.
 */
export const FIELD_ERROR_CODES = {
  required: 'The field is missing',
  unknown_field: 'The field is not part of the request',
  wrong_type: 'The value has the wrong JSON type (`type` names the right one)',
  too_small: 'The number is below `limit` (or not above it, when `exclusive`)',
  too_large: 'The number is above `limit` (or not below it, when `exclusive`)',
  too_short: 'The text has fewer than `limit` characters',
  too_long: 'The text has more than `limit` characters',
  too_many_items: 'The list has more than `limit` items',
  not_allowed: 'The value is not one of `allowed`',
  wrong_format: 'The text is not a valid `format` (date-time, uri, uuid…)',
  invalid_characters: 'The text contains NUL characters or unpaired UTF-16 surrogates',
  not_https: 'The URL is not an https: URL',
  not_push_service: "The URL is not a push service's this server sends to",
  not_public_address: 'The URL names a host on a private or local network',
  invalid_key: 'The key does not have the required length or form',
  unknown_time_zone: 'The text is not an IANA time zone',
  invalid: 'The value is invalid in another way',
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;
