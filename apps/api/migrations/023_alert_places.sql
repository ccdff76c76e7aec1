-- Where an alert is, in words (issue 34): the street and the district of its published point, as
-- the configured geocoder names them (GEOCODER_URL), looked up once in the background after the
-- alert is stored. A sensitive species' point is a cell's centre: only its district is kept.
-- place_looked_up_at: when the lookup was done (NULL: not yet). place_lease_until: a lookup under
-- way (in any instance) holds the alert until then; past it, another may try again. Alerts older
-- than a day are not looked up, so turning a geocoder on does not send it the whole history.
ALTER TABLE alerts ADD COLUMN street text;
ALTER TABLE alerts ADD COLUMN district text;
ALTER TABLE alerts ADD COLUMN place_looked_up_at timestamptz;
ALTER TABLE alerts ADD COLUMN place_lease_until timestamptz;
CREATE INDEX alerts_place_pending_idx ON alerts (created_at) WHERE place_looked_up_at IS NULL;
