/**
 * The one SQL description of an Alert (AlertSchema), from which every format the API sends
 * is built: JSON at either location, GeoJSON and CSV. A module of its own: no import cycle.
 */
import type { Alert, Photo } from '@wildalert/shared';

/** A timestamp column as the API shows it: ISO 8601 UTC with milliseconds. */
export const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Where an alert is shown: `public` at its published point (coarsened for sensitive species,
 * see public-location.ts), `exact` at the point the visitor gave, for the moderator only.
 */
type AlertLocation = 'public' | 'exact';

/**
 * Each field of an Alert as an SQL expression over a row of `alerts` named `a`, in the order
 * the API lists them. Typed by Alert, so a field added to the schema must be added here.
 */
export function alertFields(location: AlertLocation): Record<keyof Alert, string> {
  const point = location === 'public' ? 'a.public_location' : 'a.location';
  return {
    id: 'a.id',
    latitude: `ST_Y(${point}::geometry)`,
    longitude: `ST_X(${point}::geometry)`,
    animal: 'a.animal',
    comments: 'a.comments',
    createdAt: utc('a.created_at'),
    photos: PHOTOS_JSON,
    stillThere: 'a.still_there',
    gone: 'a.gone',
    lastSeenAt: utc('coalesce(a.last_confirmed_at, a.created_at)'),
    howMany: 'a.how_many',
    young: 'a.young',
    behaviour: 'a.behaviour',
    place: PLACE_JSON,
    officialStatus: OFFICIAL_STATUS_JSON,
    licence: 'a.licence',
    verification: VERIFICATION_JSON,
  };
}

/**
 * Its verification level (issue 35), with only the parts it has: an unverified alert is
 * `{"level":"unverified"}`, a few bytes in every tile. The organisation's name is read now.
 */
const VERIFICATION_JSON = `json_strip_nulls(json_build_object(
  'level', a.verification, 'by', a.verification_by,
  'organisation', (SELECT vo.name FROM organisations vo WHERE vo.id = a.verification_organisation),
  'at', CASE WHEN a.verification_at IS NOT NULL THEN ${utc('a.verification_at')} END,
  'correctedFrom', a.corrected_from, 'reason', a.verification_reason, 'note', a.verification_note))`;

/** Its street and district (geocoder/street-names.ts), null until looked up. */
const PLACE_JSON = `CASE WHEN a.place_looked_up_at IS NOT NULL THEN json_build_object('street', a.street, 'district', a.district) END`;

/** `json_build_object('name', expression, …)` of some fields. */
export const jsonObject = (fields: Partial<Record<string, string>>) =>
  `json_build_object(${Object.entries(fields)
    .map(([name, sql]) => `'${name}', ${sql}`)
    .join(', ')})`;

/** One photo as JSON, from a row `p` of `photos`. Typed by Photo, as alertFields is by Alert. */
export const PHOTO_JSON = jsonObject({
  id: 'p.id',
  thumbnailUrl: `'/photos/' || p.thumbnail_key`,
  url: `'/photos/' || p.large_key`,
  width: 'p.large_width',
  height: 'p.large_height',
} satisfies Record<keyof Photo, string>);

/** An alert's shown photos as a JSON array, in the order they were added, for a row `a` of `alerts`. */
export const PHOTOS_JSON = `coalesce((
  SELECT json_agg(${PHOTO_JSON} ORDER BY p.position) FROM photos p WHERE p.alert_id = a.id AND p.hidden_at IS NULL), '[]'::json)`;

/**
 * An alert's official status: the latest step any organisation took on it (inbox_entries), or null.
 * Read through inbox_entries_alert_idx: one probe per alert.
 */
export const OFFICIAL_STATUS_JSON = `(
  SELECT json_build_object('organisation', o.name, 'status', i.status, 'outcome', i.outcome, 'note', i.note, 'at', ${utc('i.status_at')})
  FROM inbox_entries i JOIN organisations o ON o.id = i.organisation_id
  WHERE i.alert_id = a.id AND i.status <> 'new'
  ORDER BY i.status_at DESC, o.id LIMIT 1)`;

/** One alert as JSON, built by PostgreSQL from a row `a` of `alerts`. */
const alertJson = (location: AlertLocation) => jsonObject(alertFields(location));

/** One alert as the public API shows it. */
export const ALERT_JSON = alertJson('public');

/** One alert as the moderator sees it. */
export const EXACT_ALERT_JSON = alertJson('exact');
