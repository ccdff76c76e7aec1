-- What a GIS user given the database may read (issue 36): the schema `public_data` holds the public
-- alerts as the API shows them, and the role `wildalert_gis` may read that schema and nothing
-- else. Everything else in the database (exact points of sensitive species, hidden alerts and
-- why, push and e-mail subscribers, staff, webhooks' secrets) stays out of its reach.
-- docs/open-data.md lists the columns; an operator gives a GIS user a login in this role.
CREATE SCHEMA public_data;

-- Visible alerts at their published point (a sensitive species at its ~1 km cell, never the point
-- given), with what the public API says of them. A view runs with its owner's rights: the role
-- reads it without any right on `alerts`.
CREATE VIEW public_data.alerts AS
SELECT
  a.id,
  a.animal,
  a.comments,
  a.created_at,
  coalesce(a.last_confirmed_at, a.created_at) AS last_seen_at,
  a.still_there,
  a.gone,
  a.how_many,
  a.young,
  a.behaviour,
  a.street,
  a.district,
  a.licence,
  (SELECT count(*)::int FROM photos p WHERE p.alert_id = a.id AND p.hidden_at IS NULL) AS photo_count,
  a.public_location::geometry(Point, 4326) AS geom
FROM alerts a
WHERE NOT a.hidden;

-- Roles belong to the whole PostgreSQL cluster: another database of the cluster may have made it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'wildalert_gis') THEN
    CREATE ROLE wildalert_gis NOLOGIN;
  END IF;
END
$$;

-- No right on any table of `public` (PostgreSQL grants none by default); the schema's usage and
-- its functions, which every role has, are what reading `geom` with PostGIS needs.
GRANT USAGE ON SCHEMA public_data TO wildalert_gis;
GRANT SELECT ON ALL TABLES IN SCHEMA public_data TO wildalert_gis;
