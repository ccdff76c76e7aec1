/**
 * Map tiles as the API answers them (GET /Alerts/tiles/{z}/{x}/{y}): the Web-Mercator z/x/y
 * scheme of OpenStreetMap's tiles, and the grid a tile's alerts are clustered on. Plain
 * arithmetic, no TypeBox: the map's first chunk imports it.
 */

/** Tiles exist from the whole world (0) to OpenStreetMap's closest zoom (MAX_ZOOM in constants.ts). */
export const TILE_MIN_ZOOM = 0;

/**
 * Each tile is cut into 2^CELL_BITS × 2^CELL_BITS cells (64 × 64 screen pixels of a 256-pixel
 * tile): two or more alerts in one cell become one cluster, about as far apart as a cluster
 * bubble (46 px) is wide.
 */
export const TILE_CELL_BITS = 2;

/** The latitude Web Mercator stops at: tiles reach from -85.0511° to 85.0511°. */
export const MERCATOR_MAX_LATITUDE = 85.0511287798066;

export interface TileBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A tile's edges in degrees: it holds west ≤ longitude < east and south < latitude ≤ north. */
export function tileBounds(z: number, x: number, y: number): TileBounds {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: lat(y), south: lat(y + 1) };
}

/**
 * Where a point falls on the grid of 2^bits squares per side at zoom z: bits = 0 gives its
 * tile, TILE_CELL_BITS its cell. The SQL of the tiles (tiles-repository.ts) computes the same.
 */
export function gridOf(latitude: number, longitude: number, z: number, bits = 0): { x: number; y: number } {
  const n = 2 ** (z + bits);
  const lat = Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, latitude));
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}
