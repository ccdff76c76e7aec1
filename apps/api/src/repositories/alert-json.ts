/** The SQL that builds an alert's public JSON, shared by the repositories (a module of its own: no import cycle). */

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
  'createdAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
