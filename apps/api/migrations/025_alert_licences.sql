-- The licence the reporter gave an alert (issue 36): 'CC0-1.0' or 'CC-BY-4.0' (SPDX identifiers),
-- null when none was given (every earlier alert, and a client that did not ask). Only licensed
-- alerts go into the Darwin Core Archive.
ALTER TABLE alerts ADD COLUMN licence text CHECK (licence IN ('CC0-1.0', 'CC-BY-4.0'));

-- The archive reads the licensed, visible alerts in `seq` order, a page at a time from where the
-- last page ended: this index is that walk, whatever share of alerts carries a licence.
CREATE INDEX alerts_licensed_seq_idx ON alerts (seq) WHERE licence IS NOT NULL AND NOT hidden;
