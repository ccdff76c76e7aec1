-- Abuse reports count by network (IPv4 /24, IPv6 /48), not by client address: one home,
-- office or carrier customer holds many addresses (an IPv6 /56 is 256 /64s) but is one voice.
-- Each network also has a small daily budget of automatic hides (moderation-repository.ts).
ALTER TABLE alert_reports
  ADD COLUMN network text,
  -- When this report was one of those that hid its alert automatically: what the budget counts.
  ADD COLUMN hid_at timestamptz;

-- Existing reports: the network of the stored client (an IPv4 address, or an IPv6 /64 written
-- as its first address). A client that is not an address (a forwarded `foo`) stays as it is,
-- as clientNetwork() answers for one.
DO $$
DECLARE
  r record;
  address inet;
BEGIN
  FOR r IN SELECT DISTINCT client FROM alert_reports LOOP
    BEGIN
      address := r.client::inet;
    EXCEPTION WHEN invalid_text_representation THEN
      address := NULL;
    END;
    UPDATE alert_reports
    SET network = CASE
      WHEN address IS NULL THEN r.client
      WHEN family(address) = 4 THEN network(set_masklen(address, 24))::text
      ELSE network(set_masklen(address, 48))::text
    END
    WHERE client = r.client;
  END LOOP;
END $$;

-- One report per alert and network: of several from one network, the first stays.
DELETE FROM alert_reports r
USING alert_reports earlier
WHERE earlier.alert_id = r.alert_id
  AND earlier.network = r.network
  AND (earlier.reported_at, earlier.client) < (r.reported_at, r.client);

-- Reports that hid their alert: those made before a 'hidden-by-reports' and not closed by a
-- moderator's decision in between.
UPDATE alert_reports r
SET hid_at = (
  SELECT min(l.at) FROM moderation_log l
  WHERE l.alert_id = r.alert_id
    AND l.action = 'hidden-by-reports'
    AND l.at >= r.reported_at
    AND NOT EXISTS (
      SELECT 1 FROM moderation_log m
      WHERE m.alert_id = r.alert_id
        AND m.action IN ('hidden-by-moderator', 'restored')
        AND m.at > r.reported_at AND m.at < l.at
    )
);

-- The address itself is no longer needed: the network is what counts, and less personal.
ALTER TABLE alert_reports
  ALTER COLUMN network SET NOT NULL,
  DROP CONSTRAINT alert_reports_pkey,
  DROP COLUMN client,
  ADD PRIMARY KEY (alert_id, network);

-- A network's automatic hides of the last day, read on every report that could hide an alert.
CREATE INDEX alert_reports_network_hid_at_idx ON alert_reports (network, hid_at) WHERE hid_at IS NOT NULL;
