-- Alerts: wild-animal sightings as points on the globe.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE alerts (
  id uuid PRIMARY KEY,
  -- Insertion order: breaks ties between equal timestamps, numbers events.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  -- Where it was seen, exactly as reported.
  location geography(Point, 4326) NOT NULL,
  -- What public reads show and search: the exact point, or for a sensitive species the
  -- centre of its ~1 km grid cell, so the exact point cannot be found by probing.
  public_location geography(Point, 4326) NOT NULL,
  animal text NOT NULL,
  comments text NOT NULL DEFAULT '',
  -- Milliseconds, as the API shows it: a `since` copied from an answer then means what it says.
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
);

CREATE INDEX alerts_public_location_idx ON alerts USING gist (public_location);
CREATE INDEX alerts_created_at_idx ON alerts (created_at DESC, seq DESC);

-- A POST retried with the same Idempotency-Key answers the first alert instead of storing another.
CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  request_hash text NOT NULL,
  -- Deferred: the key is claimed before its alert is inserted, in one transaction.
  alert_id uuid NOT NULL REFERENCES alerts (id) DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL DEFAULT now()
);
