-- The monthly report by e-mail (issue 37): the organisations that ask for it, where it goes and
-- in which language; and a row per organisation and month, inserted before the mail is sent
-- (the primary key makes one instance's insert the only one), that records what was sent and
-- keeps a failed send to be tried again.
CREATE TABLE monthly_report_settings (
  organisation_id uuid PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  addresses text[] NOT NULL CHECK (cardinality(addresses) BETWEEN 1 AND 10),
  language text NOT NULL CHECK (language IN ('pl', 'en', 'uk')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE monthly_report_sends (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  -- The month reported on: its first day, in the city's time zone.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  -- The addresses it went to so far; the others are tried again at `run_at`.
  sent_to text[] NOT NULL DEFAULT '{}',
  attempts integer NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL,
  -- A claim's lease: another instance leaves the row alone until then.
  locked_until timestamptz,
  -- Every address has it, or the send was given up.
  done_at timestamptz,
  PRIMARY KEY (organisation_id, month)
);
CREATE INDEX monthly_report_sends_due_idx ON monthly_report_sends (run_at) WHERE done_at IS NULL;
