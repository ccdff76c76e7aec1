-- The map's tiles (GET /Alerts/tiles/{z}/{x}/{y}): every visible alert within a longitude and
-- latitude box, at any time window. A box in degrees is a geometry question; the geography
-- index of migration 004 would answer it only through great-circle boxes. With the time
-- (btree_gist) in the same index, a 7-day window reads its week only.
CREATE INDEX alerts_tiles_idx ON alerts USING gist ((public_location::geometry), created_at) WHERE NOT hidden;
