-- The dashboard's roll-up (029) wrote two things out several times: the look-up of the city's time
-- zone (four times) and the facts an inbox entry keeps of its alert (three times). Each is one
-- function now, and the functions of 029 are replaced to call them; what they compute is
-- unchanged.

-- The city's time zone (TIME_ZONE, recorded by `prepare` in dashboard_rollup). UTC should the row
-- be gone: an alert is never refused for the dashboard's sake (the next start, finding nothing
-- built, counts every alert again). A statement over many alerts reads it once, into a variable:
-- PostgreSQL would run this look-up again for every row.
CREATE FUNCTION dashboard_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM dashboard_rollup), 'UTC')
$$;

-- What an inbox entry keeps of its alert for the response view's filters: its day on the city's
-- clock (NULL while the alert is hidden), its animal and its area by the exact point. A set of one
-- row, so that PostgreSQL inlines it into the query that joins it.
CREATE FUNCTION dashboard_entry_facts(a alerts, zone text) RETURNS TABLE (alert_day date, alert_animal text, alert_area int)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT a.hidden THEN (a.created_at AT TIME ZONE zone)::date END, a.animal, dashboard_area_at(a.location)
$$;

CREATE OR REPLACE FUNCTION dashboard_count(a alerts, delta int, hours boolean, behaviours boolean, levels boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t timestamp := a.created_at AT TIME ZONE dashboard_time_zone();
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

CREATE OR REPLACE FUNCTION dashboard_entry_of_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f.alert_day, f.alert_animal, f.alert_area INTO NEW.alert_day, NEW.alert_animal, NEW.alert_area
    FROM alerts a, dashboard_entry_facts(a, dashboard_time_zone()) f WHERE a.id = NEW.alert_id;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION dashboard_rollup_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE inbox_entries i SET alert_day = f.alert_day, alert_animal = f.alert_animal, alert_area = f.alert_area
    FROM dashboard_entry_facts(NEW, dashboard_time_zone()) f WHERE i.alert_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

-- Counts every visible alert again, in the time zone and areas now in place, and sets every inbox
-- entry's facts of its alert again. The caller holds a lock that keeps alerts from changing
-- meanwhile (dashboard-repository.ts `prepare`).
CREATE OR REPLACE FUNCTION dashboard_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := dashboard_time_zone();
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
  UPDATE inbox_entries i SET alert_day = f.alert_day, alert_animal = f.alert_animal, alert_area = f.alert_area
  FROM alerts a, dashboard_entry_facts(a, tz) f WHERE a.id = i.alert_id;
END
$$;
