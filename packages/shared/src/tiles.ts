/**
 * Map tiles as the API answers them (GET /Alerts/tiles/{z}/{x}/{y}): the Web-Mercator z/x/y
 * scheme of OpenStreetMap's tiles, and the grid a tile's alerts are clustered on. Plain
 * arithmetic, no TypeBox: the map's first chunk imports it.
 */

/** Tiles exist from the whole world (0) to OpenStreetMap's closest zoom (MAX_ZOOM in constants.ts). */
export const TILE_MIN_ZOOM = 0;

/**
 * Each tile is cut into 2^CELL_BITS × 2^CELL_BITS cells, 64 × 64 screen pixels of a tile drawn
 * TILE_SIZE_PX wide: two or more alerts in one cell become one cluster, about as far apart as a
 * cluster bubble (46 px) is wide.
 */
export const TILE_CELL_BITS = 3;

/**
 * Hotspots (hotspots.ts): each tile is cut into 2^4 × 2^4 = 16 × 16 cells (32 px of a 512-px
 * tile): cell (x, y) is tile (x, y) at zoom z + 4. Here, without TypeBox, for the map to draw them.
 */
export const HOTSPOT_CELL_BITS = 4;

/**
 * The map draws each tile of alerts 512 pixels wide (as vector-tile maps do), one zoom below
 * its own: a phone's view takes 2 to 6 tiles instead of 6 to 12 of 256 pixels, each request
 * carrying more.
 */
export const TILE_SIZE_PX = 512;

/** Web Mercator's world, in metres along the equator (2π × WGS 84's 6,378,137 m): what a pixel spans there, times 256 × 2^zoom. */
export const EQUATOR_M = 40_075_016.686;

/** The latitude Web Mercator stops at: tiles reach from -85.0511° to 85.0511°. */
const MERCATOR_MAX_LATITUDE = 85.0511287798066;

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
 * Where a point lies on Web Mercator's square world, from (0, 0) at its north-west corner to
 * (1, 1) at its south-east one: every grid, tile and screen pixel of the map is this times its
 * side (gridOf, tilesInView, the map's markers). The one home of the projection's arithmetic;
 * the SQL of the tiles (CELL_X, CELL_Y in tiles-repository.ts) writes the same expression, and
 * its test checks that both put sample points in the same cells.
 */
export function mercator(latitude: number, longitude: number): { x: number; y: number } {
  const lat = Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, latitude));
  const rad = (lat * Math.PI) / 180;
  return { x: (longitude + 180) / 360, y: (1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2 };
}

/**
 * Where a point falls on the grid of 2^bits squares per side at zoom z: bits = 0 gives its
 * tile, TILE_CELL_BITS its cell (how the server clusters, and where the map places a live alert).
 */
export function gridOf(latitude: number, longitude: number, z: number, bits = 0): { x: number; y: number } {
  const n = 2 ** (z + bits);
  const p = mercator(latitude, longitude);
  const x = Math.floor(p.x * n);
  const y = Math.floor(p.y * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

/** Beyond each edge of the view, the map loads the tiles this many pixels away: a cell. */
const TILE_MARGIN_PX = 64;

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** The zoom of the tiles a map at `mapZoom` (256-pixel tiles, as Leaflet counts) asks for. */
export const tileZoomFor = (mapZoom: number) => Math.max(0, Math.round(mapZoom) - Math.log2(TILE_SIZE_PX / 256));

/**
 * The tiles a map of `width` × `height` pixels centred on a point at `mapZoom` shows, with
 * `margin` pixels more on each side: what the map asks for (and the benchmark, as the map).
 * Columns wrap around the antimeridian; rows stop at the poles.
 */
export function tilesInView(
  centre: { latitude: number; longitude: number },
  mapZoom: number,
  width: number,
  height: number,
  margin = TILE_MARGIN_PX,
): TileId[] {
  const z = tileZoomFor(mapZoom);
  const n = 2 ** z;
  // At zoom 0 the world is one 256-pixel tile: the one tile of alerts is drawn that wide.
  const world = 256 * 2 ** Math.round(mapZoom);
  const size = world / n;
  const p = mercator(centre.latitude, centre.longitude);
  const cx = p.x * world;
  const cy = p.y * world;
  const first = (v: number, span: number) => Math.floor((v - span / 2 - margin) / size);
  const last = (v: number, span: number) => Math.floor((v + span / 2 + margin - 1) / size);
  const tiles: TileId[] = [];
  const seen = new Set<number>();
  for (let y = Math.max(0, first(cy, height)); y <= Math.min(n - 1, last(cy, height)); y++) {
    for (let col = first(cx, width); col <= last(cx, width); col++) {
      const x = ((col % n) + n) % n;
      if (seen.has(y * n + x)) continue;
      seen.add(y * n + x);
      tiles.push({ z, x, y });
    }
  }
  return tiles;
}
