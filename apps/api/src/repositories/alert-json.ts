/** The SQL that builds an alert's public JSON, shared by the repositories (a module of its own: no import cycle). */

/** An alert's `created_at` as the API shows it: ISO 8601 UTC with milliseconds. */
export const CREATED_AT = `to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One alert as the public API shows it, built by PostgreSQL from a row of `alerts` named
 * `a`: at its public location (see public-location.ts).
 */
export const ALERT_JSON = `json_build_object(
  'id', a.id,
  'latitude', ST_Y(a.public_location::geometry),
  'longitude', ST_X(a.public_location::geometry),
  'animal', a.animal,
  'comments', a.comments,
  'createdAt', ${CREATED_AT})`;
