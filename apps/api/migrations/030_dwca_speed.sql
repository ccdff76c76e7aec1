-- The Darwin Core Archive at a million alerts (issue 36). Its `modified` term is the latest of an
-- alert's creation and its photos' additions and hidings; read per row, that was a lookup in
-- photos for every alert exported. The alert now keeps the photos' part itself, null when it never
-- had a photo, and a trigger on photos keeps it: whichever statement adds, hides, shows again or
-- deletes a photo, the alert's value is recomputed from its photos in the same transaction.
ALTER TABLE alerts ADD COLUMN photos_changed_at timestamptz;

UPDATE alerts a SET photos_changed_at = p.changed
FROM (SELECT alert_id, max(greatest(created_at, hidden_at)) AS changed FROM photos GROUP BY alert_id) p
WHERE p.alert_id = a.id;

CREATE FUNCTION alerts_photos_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY[NEW.alert_id];
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.alert_id];
  ELSE
    ids := ARRAY[OLD.alert_id, NEW.alert_id];
  END IF;
  UPDATE alerts a
  SET photos_changed_at = (SELECT max(greatest(p.created_at, p.hidden_at)) FROM photos p WHERE p.alert_id = a.id)
  WHERE a.id = ANY (ids);
  RETURN NULL;
END $$;

CREATE TRIGGER photos_changed AFTER INSERT OR DELETE OR UPDATE OF alert_id, created_at, hidden_at ON photos
FOR EACH ROW EXECUTE FUNCTION alerts_photos_changed();

-- OGC API – Features pages (routes/ogc-features.ts) filter by a box over the public point as a
-- geometry. PostgreSQL keeps no statistics of that expression by itself, so it took any box to hold
-- about a hundred alerts: a box over a whole city read every alert in it to sort out the newest
-- 1,000. With them, a large box walks the newest alerts first and a small one looks them up in
-- the tiles' index.
CREATE STATISTICS alerts_public_point_stats ON (public_location::geometry) FROM alerts;
