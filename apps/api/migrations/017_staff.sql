-- Staff accounts: the people who look after the reports (visitors stay anonymous). Each has a
-- role; a higher role may do what a lower one may: responder < moderator < admin. Every secret
-- (invite, session, API token) is kept only as its SHA-256.
CREATE TABLE staff_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('responder', 'moderator', 'admin')),
  -- The identity at the city's single sign-on (OpenID Connect issuer and subject), if any.
  sso_issuer text,
  sso_subject text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- A disabled account signs in no more; its sessions and API tokens stop working at once.
  disabled_at timestamptz,
  last_sign_in_at timestamptz,
  UNIQUE (sso_issuer, sso_subject),
  CHECK ((sso_issuer IS NULL) = (sso_subject IS NULL))
);

-- Passkeys (WebAuthn credentials), discoverable: the browser offers them without a user name.
CREATE TABLE staff_passkeys (
  -- The credential's id, base64url, as the browser sends it.
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES staff_accounts (id),
  public_key bytea NOT NULL,
  -- The authenticator's signature counter (0 for those that keep none).
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_account_idx ON staff_passkeys (account_id);

-- One-time links an admin hands to a new member of staff; a bootstrap one (made by a start
-- with no admin) may make the first admin only while there is none.
CREATE TABLE staff_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash bytea NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('responder', 'moderator', 'admin')),
  bootstrap boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES staff_accounts (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by uuid REFERENCES staff_accounts (id),
  revoked_at timestamptz
);

-- A sign-in or registration under way: the challenge the browser must sign, or the single
-- sign-on's state, nonce and PKCE verifier. Keyed by the ceremony cookie's SHA-256; used once.
CREATE TABLE staff_ceremonies (
  id_hash bytea PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('sign-in', 'register', 'add-passkey', 'sso')),
  challenge text NOT NULL,
  invite_id uuid REFERENCES staff_invites (id),
  account_id uuid REFERENCES staff_accounts (id),
  data jsonb NOT NULL DEFAULT '{}',
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_ceremonies_expires_idx ON staff_ceremonies (expires_at);

-- Signed-in browsers. Ends at the idle or the absolute timeout, at sign-out, or when the
-- account is disabled.
CREATE TABLE staff_sessions (
  id_hash bytea PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES staff_accounts (id),
  -- Sent back by the browser's scripts with every write (X-CSRF-Token).
  csrf_token text NOT NULL,
  method text NOT NULL CHECK (method IN ('passkey', 'sso')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_seen_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_account_idx ON staff_sessions (account_id);

-- Personal API tokens for scripts: shown once, scoped to a role no higher than their owner's.
CREATE TABLE staff_api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES staff_accounts (id),
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('responder', 'moderator', 'admin')),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX staff_api_tokens_account_idx ON staff_api_tokens (account_id);

-- Every staff action, with the person and the time, written in the transaction of the change.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Null for the server itself (a bootstrap invite).
  account_id uuid REFERENCES staff_accounts (id),
  -- The person's name when they acted.
  actor text NOT NULL,
  action text NOT NULL,
  subject text,
  details jsonb NOT NULL DEFAULT '{}'
);
