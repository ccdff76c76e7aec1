-- An Idempotency-Key belongs to the network that sent it (IPv4 /24, IPv6 /48). From another
-- network the same key is a retry only of the very same request (a phone that moved from Wi-Fi
-- to mobile data); any other body makes an alert of its own there, so that nobody learns from
-- the answer what was sent under a key. Keys stored before have no network (''): they are
-- replayed as before, from anywhere, for the same request.
ALTER TABLE idempotency_keys ADD COLUMN network text NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys ALTER COLUMN network DROP DEFAULT;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (key, network);

-- The secret each alert's Alert-Key is derived from (HMAC-SHA256 of the alert's id): the right
-- to add photos, which the server hands to the alert's reporter. Made on the first start, one
-- for every instance.
CREATE TABLE alert_key_secret (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
