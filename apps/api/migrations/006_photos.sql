-- Photos of alerts: the copies the server made (WebP, metadata stripped), never the original.
-- The copies' bytes are in the photo storage (a folder or S3) under their content hash.
CREATE TABLE photos (
  id uuid PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  -- 1, 2 or 3: an alert has at most three photos.
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  -- The uploader's key for this photo: an upload retried after a lost answer stores nothing new.
  idempotency_key text NOT NULL,
  thumbnail_key text NOT NULL,
  thumbnail_width integer NOT NULL,
  thumbnail_height integer NOT NULL,
  large_key text NOT NULL,
  large_width integer NOT NULL,
  large_height integer NOT NULL,
  -- Set by a moderator: the photo is no longer shown or served.
  hidden_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (alert_id, position),
  UNIQUE (alert_id, idempotency_key)
);

CREATE INDEX photos_thumbnail_key_idx ON photos (thumbnail_key);
CREATE INDEX photos_large_key_idx ON photos (large_key);

-- A moderator's decision about one photo is logged with the photo.
ALTER TABLE moderation_log ADD COLUMN photo_id uuid REFERENCES photos (id);
