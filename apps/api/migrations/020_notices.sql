-- Official notices (issue 33): an organisation tells everyone in an area something for a while.
-- In force from starts_at until ends_at; an ended notice is simply no longer read (no job
-- removes it). `area` is as given, `shape` the same as geography.
CREATE TABLE notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  -- {"pl": …, "en": …, "uk": …}: at least one.
  text jsonb NOT NULL CHECK (text ?| ARRAY['pl', 'en', 'uk']),
  area jsonb NOT NULL,
  shape geography NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  created_by uuid REFERENCES staff_accounts (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX notices_shape_idx ON notices USING gist (shape);
CREATE INDEX notices_organisation_idx ON notices (organisation_id, ends_at DESC);

-- Notices to be pushed to a subscription: its push job (push_jobs) carries them, as it carries
-- the alerts of push_pending; each is sent once.
CREATE TABLE push_pending_notices (
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  notice_id uuid NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  PRIMARY KEY (subscription_id, notice_id)
);
CREATE INDEX push_pending_notices_notice_idx ON push_pending_notices (notice_id);
