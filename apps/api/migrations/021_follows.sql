-- A reporter follows their report (issue 33): the device is told by web push of each official
-- status step, with no account. A device that wants no area alerts has a follow-only
-- subscription: matched to no alert, read by no lookup, counted against the same limits.
ALTER TABLE push_subscriptions ADD COLUMN follow_only boolean NOT NULL DEFAULT false;

CREATE TABLE alert_follows (
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, alert_id)
);
CREATE INDEX alert_follows_alert_idx ON alert_follows (alert_id);

-- Followed alerts whose official status changed and is not told yet: the subscription's push
-- job (push_jobs) carries them, as it carries push_pending's alerts; the status is read when sent.
CREATE TABLE push_pending_statuses (
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  PRIMARY KEY (subscription_id, alert_id)
);
