-- Webhooks per organisation (webhooks/): the endpoints an organisation's own systems listen on,
-- and what is still to be sent to each, following the Standard Webhooks specification.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  -- https only; checked when created, and every address it resolves to again at each connection.
  url text NOT NULL CHECK (length(url) <= 2000),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
  -- False once the receiver answered 410 Gone: nothing more is queued or sent to it.
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  -- whsec_<base64>: signs every message. Kept in clear: the server must sign with it.
  secret text NOT NULL,
  -- The secret before the latest rotation: it still signs too (a second signature) until then.
  previous_secret text,
  previous_secret_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((previous_secret IS NULL) = (previous_secret_until IS NULL))
);
CREATE INDEX webhook_endpoints_organisation_idx ON webhook_endpoints (organisation_id);

-- One message to one endpoint, and the delivery log. A leased job: any instance claims due rows
-- with FOR UPDATE SKIP LOCKED and sets `locked_until`; a crashed instance's lease runs out and
-- another sends the same message (same id) again: at least once.
CREATE TABLE webhook_deliveries (
  -- The message's webhook-id is "msg_" and this, the same at every attempt.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  type text NOT NULL,
  -- The exact text sent at every attempt.
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  -- What the latest attempt got: the receiver's status code, or why there was none.
  last_status_code integer,
  last_error text,
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL,
  -- When it was delivered, or given up.
  finished_at timestamptz,
  CHECK ((status = 'pending') = (finished_at IS NULL))
);
-- The due ones, oldest first.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- An endpoint's log, newest first; and its deliveries under way.
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (finished_at) WHERE status <> 'pending';
