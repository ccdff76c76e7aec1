-- "Is it still there?" (issue 19): passers-by confirm an alert ("still there") or say the animal
-- has gone, one vote per alert and network, counted as abuse reports are (migration 005); a
-- network may change its vote.
CREATE TABLE alert_votes (
  alert_id uuid NOT NULL REFERENCES alerts (id),
  network text NOT NULL,
  vote text NOT NULL CHECK (vote IN ('still-there', 'gone')),
  voted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, network)
);

-- What every read shows, kept on the alert (recounted from alert_votes on each vote): the
-- counts, and the newest "still there" (null until one), from which the map ages the alert.
ALTER TABLE alerts
  ADD COLUMN still_there integer NOT NULL DEFAULT 0,
  ADD COLUMN gone integer NOT NULL DEFAULT 0,
  ADD COLUMN last_confirmed_at timestamptz;
