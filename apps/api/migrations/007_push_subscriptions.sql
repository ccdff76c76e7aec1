-- Area alerts by web push (push/): who wants to hear of new alerts near a place, and what is
-- still to be sent to whom. No accounts: a subscription's push endpoint is its only identifier,
-- and its `auth` secret is what proves a client holds it.
CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  location geography(Point, 4326) NOT NULL,
  radius_m integer NOT NULL CHECK (radius_m BETWEEN 500 AND 10000),
  -- NULL: every animal.
  animals text[] CHECK (animals IS NULL OR cardinality(animals) > 0),
  paused boolean NOT NULL DEFAULT false,
  -- Optional quiet hours, as minutes after midnight in `time_zone`; nothing is sent between
  -- them (what comes meanwhile is summarised when they end).
  quiet_start smallint CHECK (quiet_start BETWEEN 0 AND 1439),
  quiet_end smallint CHECK (quiet_end BETWEEN 0 AND 1439),
  time_zone text,
  CHECK ((quiet_start IS NULL) = (quiet_end IS NULL) AND (quiet_start IS NULL) = (time_zone IS NULL)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_notified_at timestamptz
);
CREATE INDEX push_subscriptions_location_idx ON push_subscriptions USING gist (location);

-- Alerts matched to a subscription and not yet sent: one notification carries them all.
CREATE TABLE push_pending (
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  PRIMARY KEY (subscription_id, alert_id)
);

-- The delivery queue: at most one job per subscription. Any instance claims due jobs with
-- FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so each job is sent by one instance.
CREATE TABLE push_jobs (
  subscription_id bigint PRIMARY KEY REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
CREATE INDEX push_jobs_run_at_idx ON push_jobs (run_at);

-- How far matching has read the alert events (one row); the instance holding its row lock matches.
CREATE TABLE push_cursor (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_event_id bigint NOT NULL
);
INSERT INTO push_cursor (last_event_id) SELECT coalesce(max(id), 0) FROM alert_events;

-- The server's VAPID key pair, made on first start unless given in the configuration.
CREATE TABLE push_vapid_keys (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
