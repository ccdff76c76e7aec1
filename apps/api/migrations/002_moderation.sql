-- Moderation: alerts are hidden, never deleted, so every decision stays auditable.
ALTER TABLE alerts
  -- Hidden alerts appear in no public read.
  ADD COLUMN hidden boolean NOT NULL DEFAULT false,
  ADD COLUMN hidden_at timestamptz,
  -- 'moderator' (DELETE /Alerts/{id}) or 'reports' (reported by enough distinct clients).
  ADD COLUMN hidden_by text CHECK (hidden_by IN ('moderator', 'reports')),
  -- When a moderator last decided on it: reports made before then are closed.
  ADD COLUMN reviewed_at timestamptz,
  ADD CONSTRAINT alerts_hidden_has_reason CHECK (NOT hidden OR (hidden_at IS NOT NULL AND hidden_by IS NOT NULL));

-- Abuse reports from visitors; one per alert and client address.
CREATE TABLE alert_reports (
  alert_id uuid NOT NULL REFERENCES alerts (id),
  -- The reporting client's address (an IPv6 client by its /64), as the rate limits count it.
  client text NOT NULL,
  reason text NOT NULL DEFAULT '',
  -- clock_timestamp(): compared with reviewed_at set by a transaction that may have begun earlier.
  reported_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (alert_id, client)
);

CREATE INDEX alert_reports_reported_at_idx ON alert_reports (reported_at DESC);

-- Every moderation decision, newest last: who hid or restored what, and when.
CREATE TABLE moderation_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  -- 'hidden-by-moderator', 'hidden-by-reports' or 'restored'
  action text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
