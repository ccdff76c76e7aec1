-- The dashboard's areas (AREAS_FILE: districts, as the operator supplies them), copied in at every
-- start from the file. `position` is the file's order: an alert on a border between two areas
-- counts in the one listed first. Each area is also cut into small pieces (ST_Subdivide), so
-- that finding the area of a point tests a few short rings, not a district's thousand vertices.
CREATE TABLE dashboard_areas (
  position int PRIMARY KEY,
  name text NOT NULL UNIQUE,
  shape geometry(MultiPolygon, 4326) NOT NULL
);

CREATE TABLE dashboard_area_pieces (
  position int NOT NULL REFERENCES dashboard_areas (position) ON DELETE CASCADE,
  piece geometry(Polygon, 4326) NOT NULL
);
CREATE INDEX dashboard_area_pieces_piece_idx ON dashboard_area_pieces USING gist (piece);
