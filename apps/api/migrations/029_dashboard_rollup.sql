-- The dashboard's daily roll-up (issue 37): how many visible alerts there are per day of the
-- city's clock, animal and area, by hour, by behaviour and by verification level. A view reads a
-- few thousand rows a year from here instead of every alert, however many alerts there are.
--
-- Kept by triggers on alerts, in the writer's own transaction: every path that adds, hides,
-- restores, verifies or corrects an alert moves its counts, and none can forget to. An area is
-- the position of the first area in dashboard_areas covering the point (-1: in none), once by the
-- exact point (the staff's counts) and once by the public one (the public's: a sensitive species
-- on its grid). A behaviour not said is ''.
--
-- Days and hours depend on the city's time zone and areas on AREAS_FILE: both come from the
-- configuration, so the roll-up records those it was built for (dashboard_rollup) and the server
-- rebuilds it at start when either changed (dashboard-repository.ts `prepare`).
CREATE TABLE dashboard_rollup (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  time_zone text NOT NULL,
  -- A digest of the areas and the time zone it was built for; NULL: never built.
  built_for text
);
INSERT INTO dashboard_rollup (time_zone, built_for) VALUES ('UTC', NULL);

CREATE TABLE dashboard_hour_counts (
  day date NOT NULL,
  hour smallint NOT NULL,
  animal text NOT NULL,
  area int NOT NULL,
  public_area int NOT NULL,
  n int NOT NULL,
  PRIMARY KEY (day, hour, animal, area, public_area)
);

CREATE TABLE dashboard_behaviour_counts (
  day date NOT NULL,
  behaviour text NOT NULL,
  animal text NOT NULL,
  area int NOT NULL,
  public_area int NOT NULL,
  n int NOT NULL,
  PRIMARY KEY (day, behaviour, animal, area, public_area)
);

CREATE TABLE dashboard_verification_counts (
  day date NOT NULL,
  verification text NOT NULL,
  animal text NOT NULL,
  area int NOT NULL,
  public_area int NOT NULL,
  n int NOT NULL,
  PRIMARY KEY (day, verification, animal, area, public_area)
);

-- The area a point counts in: the first in the file's order that covers it, so a point on a
-- shared border counts once; -1 when none does.
CREATE FUNCTION dashboard_area_at(point geography) RETURNS int LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT p.position FROM dashboard_area_pieces p
                   WHERE ST_Covers(p.piece, point::geometry) ORDER BY p.position LIMIT 1), -1)
$$;

-- Adds `delta` (1 or -1) to the counts of one alert, in the tables asked for.
CREATE FUNCTION dashboard_count(a alerts, delta int, hours boolean, behaviours boolean, levels boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- UTC should the row be gone: an alert is never refused for the dashboard's sake (the next start,
  -- finding nothing built, counts every alert again).
  t timestamp := a.created_at AT TIME ZONE coalesce((SELECT time_zone FROM dashboard_rollup), 'UTC');
  -- Named apart from the tables' columns, which PL/pgSQL would confuse them with.
  exact_area int := dashboard_area_at(a.location);
  shown_area int := CASE WHEN ST_Equals(a.public_location::geometry, a.location::geometry) THEN exact_area
                         ELSE dashboard_area_at(a.public_location) END;
BEGIN
  IF hours THEN
    INSERT INTO dashboard_hour_counts AS c VALUES (t::date, extract(hour FROM t), a.animal, exact_area, shown_area, delta)
      ON CONFLICT (day, hour, animal, area, public_area) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF behaviours THEN
    INSERT INTO dashboard_behaviour_counts AS c VALUES (t::date, coalesce(a.behaviour, ''), a.animal, exact_area, shown_area, delta)
      ON CONFLICT (day, behaviour, animal, area, public_area) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF levels THEN
    INSERT INTO dashboard_verification_counts AS c VALUES (t::date, a.verification, a.animal, exact_area, shown_area, delta)
      ON CONFLICT (day, verification, animal, area, public_area) DO UPDATE SET n = c.n + excluded.n;
  END IF;
END
$$;

-- Response times are medians, which cannot be added up, so they are read from the inbox entries.
-- Each entry carries what the filters ask of its alert: its day on the city's clock (NULL while the
-- alert is hidden), its animal and its area by the exact point; set when the entry is made and kept
-- by the alerts' trigger below, so a year of response times reads the entries alone, not every
-- alert. That trigger writes an alert's entries while holding the alert's row: a transaction that
-- changes an entry and then its alert takes the alert's row first (organisations-repository.ts
-- `step`), or it and a moderator could each wait for the other.
ALTER TABLE inbox_entries
  ADD COLUMN alert_day date,
  ADD COLUMN alert_animal text,
  ADD COLUMN alert_area int;

CREATE FUNCTION dashboard_entry_of_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN NOT a.hidden THEN (a.created_at AT TIME ZONE coalesce((SELECT time_zone FROM dashboard_rollup), 'UTC'))::date END,
         a.animal, dashboard_area_at(a.location)
    INTO NEW.alert_day, NEW.alert_animal, NEW.alert_area
    FROM alerts a WHERE a.id = NEW.alert_id;
  RETURN NEW;
END
$$;

CREATE TRIGGER inbox_entries_dashboard BEFORE INSERT ON inbox_entries
  FOR EACH ROW EXECUTE FUNCTION dashboard_entry_of_alert();

CREATE FUNCTION dashboard_rollup_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Still shown, on the same day, at the same points, the same animal: only its behaviour or its
  -- level changed, and only their rows move (a new level writes two rows, not six, and leaves the
  -- inbox entries alone). OLD is null on an insert, NEW on a delete: then this is not true.
  kept boolean := TG_OP = 'UPDATE' AND NOT OLD.hidden AND NOT NEW.hidden AND OLD.created_at = NEW.created_at
    AND OLD.animal = NEW.animal AND ST_Equals(OLD.location::geometry, NEW.location::geometry)
    AND ST_Equals(OLD.public_location::geometry, NEW.public_location::geometry);
  behaviour_changed boolean := OLD.behaviour IS DISTINCT FROM NEW.behaviour;
  level_changed boolean := OLD.verification IS DISTINCT FROM NEW.verification;
BEGIN
  IF kept THEN
    PERFORM dashboard_count(OLD, -1, false, behaviour_changed, level_changed);
    PERFORM dashboard_count(NEW, 1, false, behaviour_changed, level_changed);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.hidden THEN PERFORM dashboard_count(OLD, -1, true, true, true); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.hidden THEN PERFORM dashboard_count(NEW, 1, true, true, true); END IF;
  -- A change of level alone leaves the entries as they are.
  IF TG_OP = 'UPDATE' AND (OLD.hidden IS DISTINCT FROM NEW.hidden OR OLD.created_at IS DISTINCT FROM NEW.created_at
      OR OLD.animal IS DISTINCT FROM NEW.animal OR NOT ST_Equals(OLD.location::geometry, NEW.location::geometry)) THEN
    UPDATE inbox_entries SET
      alert_day = CASE WHEN NOT NEW.hidden THEN (NEW.created_at AT TIME ZONE coalesce((SELECT time_zone FROM dashboard_rollup), 'UTC'))::date END,
      alert_animal = NEW.animal, alert_area = dashboard_area_at(NEW.location)
    WHERE alert_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

-- Deferred to the commit: a count's row is then locked only while the writer commits, not for the
-- rest of its transaction, so many reports at once of one animal, place and hour do not queue behind
-- each other (sixty at once answered 503 with the rows locked from the insert on).
CREATE CONSTRAINT TRIGGER alerts_dashboard_insert AFTER INSERT ON alerts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_rollup_alerts();
CREATE CONSTRAINT TRIGGER alerts_dashboard_delete AFTER DELETE ON alerts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_rollup_alerts();
-- Only a change to what is counted: a vote or a photo moves nothing here.
CREATE CONSTRAINT TRIGGER alerts_dashboard_update AFTER UPDATE ON alerts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (
    OLD.hidden IS DISTINCT FROM NEW.hidden OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.animal IS DISTINCT FROM NEW.animal OR OLD.behaviour IS DISTINCT FROM NEW.behaviour
    OR OLD.verification IS DISTINCT FROM NEW.verification
    OR NOT ST_Equals(OLD.location::geometry, NEW.location::geometry)
    OR NOT ST_Equals(OLD.public_location::geometry, NEW.public_location::geometry))
  EXECUTE FUNCTION dashboard_rollup_alerts();

-- Counts every visible alert again, in the time zone and areas now in place, and sets every inbox
-- entry's facts of its alert again. The caller holds a
-- lock that keeps alerts from changing meanwhile (dashboard-repository.ts `prepare`).
CREATE FUNCTION dashboard_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT time_zone FROM dashboard_rollup), 'UTC');
BEGIN
  TRUNCATE dashboard_hour_counts, dashboard_behaviour_counts, dashboard_verification_counts;
  CREATE TEMP TABLE dashboard_rollup_source ON COMMIT DROP AS
    SELECT t::date AS day, extract(hour FROM t)::smallint AS hour, animal, coalesce(behaviour, '') AS behaviour, verification,
           area, CASE WHEN same THEN area ELSE dashboard_area_at(public_location) END AS public_area
    FROM (SELECT created_at AT TIME ZONE tz AS t, animal, behaviour, verification, public_location,
                 dashboard_area_at(location) AS area, ST_Equals(public_location::geometry, location::geometry) AS same
          FROM alerts WHERE NOT hidden) a;
  INSERT INTO dashboard_hour_counts SELECT day, hour, animal, area, public_area, count(*) FROM dashboard_rollup_source GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO dashboard_behaviour_counts SELECT day, behaviour, animal, area, public_area, count(*) FROM dashboard_rollup_source GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO dashboard_verification_counts SELECT day, verification, animal, area, public_area, count(*) FROM dashboard_rollup_source GROUP BY 1, 2, 3, 4, 5;
  DROP TABLE dashboard_rollup_source;
  UPDATE inbox_entries i SET
    alert_day = CASE WHEN NOT a.hidden THEN (a.created_at AT TIME ZONE tz)::date END,
    alert_animal = a.animal, alert_area = dashboard_area_at(a.location)
  FROM alerts a WHERE a.id = i.alert_id;
END
$$;
