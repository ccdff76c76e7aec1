-- Area alerts by e-mail (issue 34): an address, an area (a point, a radius, maybe animals) and how
-- often to be written to. No accounts: double opt-in proves the address, and the tokens in the
-- mails' links are what a reader of that mailbox holds.
CREATE TABLE email_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- As typed (the local part may be case-sensitive); compared lower-cased.
  address text NOT NULL CHECK (length(address) BETWEEN 3 AND 254),
  location geography(Point, 4326) NOT NULL,
  radius_m integer NOT NULL CHECK (radius_m BETWEEN 500 AND 10000),
  -- NULL: every animal.
  animals text[] CHECK (animals IS NULL OR cardinality(animals) > 0),
  frequency text NOT NULL CHECK (frequency IN ('instant', 'hourly', 'daily')),
  language text NOT NULL CHECK (language IN ('pl', 'en', 'uk')),
  -- SHA-256 (hex) of the confirmation link's token: single-use (NULL once confirmed), and a leak of the
  -- table confirms nothing.
  confirm_token_hash text UNIQUE,
  -- In every mail's unsubscribe link and List-Unsubscribe header, so kept as it is; it can do
  -- nothing but end this subscription.
  unsubscribe_token text NOT NULL UNIQUE,
  -- The network it was asked from (IPv4 /24, IPv6 /48): for the log of abuse, not a limit.
  network text,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  -- An unconfirmed subscription is deleted after this; a confirmed one has none.
  expires_at timestamptz,
  last_sent_at timestamptz,
  CHECK ((confirmed_at IS NULL) = (confirm_token_hash IS NOT NULL))
);
CREATE INDEX email_subscriptions_location_idx ON email_subscriptions USING gist (location) WHERE confirmed_at IS NOT NULL;
CREATE INDEX email_subscriptions_address_idx ON email_subscriptions (lower(address));
CREATE INDEX email_subscriptions_expires_idx ON email_subscriptions (expires_at) WHERE expires_at IS NOT NULL;

-- Addresses mail is no longer sent to: a hard bounce (the mailbox does not exist) or a complaint
-- (the reader marked a mail as spam). Every subscription of the address went with it, and no
-- new one is made, so no confirmation mail goes there either.
CREATE TABLE email_suppressions (
  address text PRIMARY KEY CHECK (address = lower(address)),
  reason text NOT NULL CHECK (reason IN ('bounce', 'complaint')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Alerts matched to a confirmed subscription and not mailed yet: the next digest carries them all.
CREATE TABLE email_pending (
  subscription_id bigint NOT NULL REFERENCES email_subscriptions (id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  PRIMARY KEY (subscription_id, alert_id)
);

-- The outgoing mail queue: at most one confirmation and one digest per subscription. Any
-- instance claims due jobs with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so each mail
-- is sent by one instance; a digest's `run_at` is when its frequency allows the next mail.
CREATE TABLE email_jobs (
  subscription_id bigint NOT NULL REFERENCES email_subscriptions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('confirm', 'digest')),
  -- The confirmation link's token, until its mail is sent (the subscription keeps only its hash).
  token text,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  PRIMARY KEY (subscription_id, kind),
  CHECK ((kind = 'confirm') = (token IS NOT NULL))
);
CREATE INDEX email_jobs_run_at_idx ON email_jobs (run_at);

-- How far e-mail matching has read the alert events (one row), as push_cursor does for push.
CREATE TABLE email_cursor (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_event_id bigint NOT NULL
);
INSERT INTO email_cursor (last_event_id) SELECT coalesce(max(id), 0) FROM alert_events;
