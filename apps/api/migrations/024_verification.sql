-- Trust at a glance (issue 35): every alert's verification level, kept current and stored, with
-- who set it and when, the plausibility checks it failed, and the history of every change.
--
-- Levels: 'unverified'; 'likely' (automatic: a photo, "still there" from another network, an
-- independent report nearby); 'confirmed' (an organisation's responder, or a moderator);
-- 'corrected' (a moderator changed the animal); 'rejected' (a moderator: not a wild animal, a hoax).
-- Automatic rules move an alert between 'unverified' and 'likely' only: a person's decision is
-- never lowered by them (verification-repository.ts).
ALTER TABLE alerts
  -- The reporter's network (IPv4 /24, IPv6 /48), as votes and abuse reports count it: a vote or a
  -- report from it is not independent. NULL for alerts stored before.
  ADD COLUMN network text,
  ADD COLUMN verification text NOT NULL DEFAULT 'unverified'
    CHECK (verification IN ('unverified', 'likely', 'confirmed', 'corrected', 'rejected')),
  -- What set the level: 'photo', 'still-there', 'independent-report' (likely), 'organisation' or
  -- 'moderator'; NULL while unverified.
  ADD COLUMN verification_by text CHECK (verification_by IN ('photo', 'still-there', 'independent-report', 'organisation', 'moderator')),
  ADD COLUMN verification_organisation uuid REFERENCES organisations (id) ON DELETE SET NULL,
  ADD COLUMN verification_at timestamptz,
  -- A rejection's reason code ('not-wild', 'hoax', 'other'); NULL otherwise.
  ADD COLUMN verification_reason text CHECK (verification_reason IN ('not-wild', 'hoax', 'other')),
  -- The moderator's public note with a correction or rejection.
  ADD COLUMN verification_note text CHECK (length(verification_note) <= 300),
  -- The animal as reported, when a moderator corrected it.
  ADD COLUMN corrected_from text,
  -- The plausibility checks the report failed when it was made ('unexpected-in-city-centre',
  -- 'unusual-count', 'rare-first-from-network'); empty: none. A flagged alert pushes nobody until
  -- it is likely or confirmed, and waits for a moderator.
  ADD COLUMN checks text[] NOT NULL DEFAULT '{}',
  -- Whether it was released to the area alerts (push and e-mail) of the subscriptions that take
  -- every report, and of those that take likely and confirmed ones only: once each, by the event
  -- of the change that first let it go (events-repository.ts).
  ADD COLUMN released_every boolean NOT NULL DEFAULT false,
  ADD COLUMN released_trusted boolean NOT NULL DEFAULT false;

-- Alerts stored before were told to their subscribers when they were made: never again.
UPDATE alerts SET released_every = true, released_trusted = true;

-- The moderation queue's flagged alerts awaiting a decision.
CREATE INDEX alerts_awaiting_check_idx ON alerts (created_at DESC)
  WHERE checks <> '{}' AND verification IN ('unverified', 'likely') AND NOT hidden;
-- Independent reports of one network and animal (the rare-first check).
CREATE INDEX alerts_network_animal_idx ON alerts (network, animal) WHERE network IS NOT NULL;

-- Every change of level, newest last: what, who (an organisation, a staff account) and when.
CREATE TABLE verification_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts (id),
  level text NOT NULL,
  previous_level text NOT NULL,
  by text NOT NULL,
  organisation_id uuid REFERENCES organisations (id) ON DELETE SET NULL,
  account_id uuid REFERENCES staff_accounts (id),
  animal_from text,
  animal_to text,
  reason text,
  note text,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX verification_changes_alert_idx ON verification_changes (alert_id, id);

-- Subscribers choose: every report (the default; a flagged one only once backed) or likely and confirmed ones only.
ALTER TABLE push_subscriptions ADD COLUMN reports text NOT NULL DEFAULT 'every' CHECK (reports IN ('every', 'likely-and-confirmed'));
ALTER TABLE email_subscriptions ADD COLUMN reports text NOT NULL DEFAULT 'every' CHECK (reports IN ('every', 'likely-and-confirmed'));

-- A changed event whose alert moved (a correction into or out of a sensitive species moves its
-- published point): where it was, so that caches forget the tiles it left.
ALTER TABLE alert_events ADD COLUMN moved_from geography;
-- The audiences an event releases its alert to ('every', 'trusted'): area alerts match these
-- events, not 'added' ones. Events not matched yet when this ran keep their meaning.
ALTER TABLE alert_events ADD COLUMN audiences text[] NOT NULL DEFAULT '{}';
UPDATE alert_events SET audiences = '{every}' WHERE kind = 'added';
