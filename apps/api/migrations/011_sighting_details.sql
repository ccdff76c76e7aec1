-- What was seen, beside the animal (issue 19): how many, whether young were there, and what
-- they were doing. Each null when the reporter did not say (and for every earlier alert).
ALTER TABLE alerts
  ADD COLUMN how_many text CHECK (how_many IN ('one', 'two-to-five', 'more')),
  ADD COLUMN young boolean,
  ADD COLUMN behaviour text CHECK (behaviour IN ('calm', 'crossing-road', 'aggressive', 'injured', 'dead-on-road'));
