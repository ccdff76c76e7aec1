-- Organisations that act on reports (the City Guard, the district veterinary officer, the city's
-- forest service): where they serve, what they handle, their hours, and who works for them. A new
-- alert their rules match lands in their inbox in the alert's own transaction.
CREATE TABLE organisations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- {"pl": …, "en": …, "uk": …}; Polish always.
  name jsonb NOT NULL CHECK (name ? 'pl'),
  -- As dialled (986, 112, +48 12 …); NULL: none to call.
  phone text,
  url text,
  -- Where it serves, as given: a circle {latitude, longitude, radiusKm}, a GeoJSON Polygon, or
  -- null (everywhere). `shape` is the same as geography, NULL for everywhere.
  area jsonb NOT NULL DEFAULT 'null',
  shape geography,
  -- What it handles: rules [{animals, behaviours}], each list null for any; a report matching one
  -- rule is theirs. `behaviours` null matches a report that names none too.
  rules jsonb NOT NULL DEFAULT '[]',
  -- The behaviours it is the one to call about (GET /Contacts), as CONTACTS_FILE's `for`.
  call_for text[] NOT NULL DEFAULT '{}',
  -- When it reads its inbox: [{days: [1..7] (Monday 1), from: "HH:MM", to: "HH:MM"}] in the
  -- server's TIME_ZONE; null: always.
  hours jsonb,
  -- False for a number only (112): no inbox, nothing routed to it.
  inbox boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX organisations_shape_idx ON organisations USING gist (shape);

CREATE TABLE organisation_members (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES staff_accounts (id),
  added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organisation_id, account_id)
);
CREATE INDEX organisation_members_account_idx ON organisation_members (account_id);

-- An alert in an organisation's inbox, and where the organisation is with it. Forward only:
-- new → acknowledged → on-the-way → resolved (a step may be skipped); the latest step taken by
-- any organisation is the alert's public status.
CREATE TABLE inbox_entries (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'acknowledged', 'on-the-way', 'resolved')),
  outcome text CHECK (outcome IN ('caught-or-moved', 'not-found', 'left-by-itself', 'handed-over', 'dead-animal-collected', 'collected-for-testing')),
  -- Shown to everyone with the status; optional.
  note text CHECK (length(note) <= 500),
  -- Handed over to (outcome handed-over): that organisation's inbox has the alert too.
  handed_to uuid REFERENCES organisations (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  acknowledged_at timestamptz,
  on_the_way_at timestamptz,
  resolved_at timestamptz,
  -- When the status last changed, and by whom.
  status_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  status_by uuid REFERENCES staff_accounts (id),
  PRIMARY KEY (organisation_id, alert_id),
  CHECK ((status = 'resolved') = (outcome IS NOT NULL)),
  CHECK ((outcome = 'handed-over') = (handed_to IS NOT NULL))
);
CREATE INDEX inbox_entries_alert_idx ON inbox_entries (alert_id);
CREATE INDEX inbox_entries_open_idx ON inbox_entries (organisation_id, created_at DESC) WHERE status <> 'resolved';
CREATE INDEX inbox_entries_latest_idx ON inbox_entries (organisation_id, created_at DESC);

-- A dead animal found away from a road (a dead wild boar must be reported: African swine fever).
ALTER TABLE alerts DROP CONSTRAINT alerts_behaviour_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_behaviour_check
  CHECK (behaviour IN ('calm', 'crossing-road', 'aggressive', 'injured', 'dead-on-road', 'found-dead'));
