-- What happened to alerts, in commit order: the live stream sends these, and replays them to
-- a client that reconnects with Last-Event-ID. Writers take an advisory lock before adding a
-- row (see events-repository.ts), so ids become visible in increasing order, without gaps.
CREATE TABLE alert_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  kind text NOT NULL CHECK (kind IN ('added', 'removed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_events_created_at_idx ON alert_events (created_at);
