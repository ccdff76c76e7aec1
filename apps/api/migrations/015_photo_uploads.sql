-- Photo uploads under way. An upload takes one of its alert's three places here before its
-- photo is decoded or stored (a fourth is refused before it costs anything), and names each
-- copy it stores before storing it: a copy is deleted only when no photo and no upload here
-- names it (copies are kept by content, so two photos can share one). The row goes when its
-- photo is recorded, or once a failed upload's copies are cleaned up.
CREATE TABLE photo_uploads (
  id uuid PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  -- The photo's Idempotency-Key: retries of one upload take one place between them.
  idempotency_key text NOT NULL,
  -- The copies it stored or is storing, by content key.
  copy_keys text[] NOT NULL DEFAULT '{}',
  started_at timestamptz NOT NULL DEFAULT now(),
  -- Failed with the store unreachable: it holds no place any more, and its copies are cleaned
  -- up later. A row whose process died is treated so once it is a few minutes old.
  abandoned boolean NOT NULL DEFAULT false
);

CREATE INDEX photo_uploads_alert_id_idx ON photo_uploads (alert_id);
