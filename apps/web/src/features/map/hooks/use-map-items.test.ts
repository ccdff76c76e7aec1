import { describe, expect, it } from 'vitest';
import { gridOf, TILE_CELL_BITS, tileBounds, type Alert, type TileResponse, unconfirmedSighting } from '@wildalert/shared';
import { joinNeighbours, mapItems } from './use-map-items.ts';

const z = 12;
const tile = { z, ...gridOf(50.06, 19.94, z) };
/** The centre of cell (i, j) of the tile. */
function cell(i: number, j: number) {
  const side = 2 ** TILE_CELL_BITS;
  const b = tileBounds(z + TILE_CELL_BITS, tile.x * side + i, tile.y * side + j);
  return { latitude: (b.north + b.south) / 2, longitude: (b.west + b.east) / 2 };
}
let n = 0;
const alert = (at: { latitude: number; longitude: number }, animal = 'boar', createdAt = '2026-11-20T10:00:00.000Z'): Alert => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  ...at,
  animal,
  comments: '',
  createdAt,
  photos: [],
  ...unconfirmedSighting(createdAt),
});
const filters = { window: '7d' as const, animals: [] };
const none = { added: [], removed: new Set<string>(), fresh: new Set<string>() };

describe('mapItems', () => {
  const alone = alert(cell(1, 1));
  const data: TileResponse = {
    alerts: [alone],
    clusters: [{ ...cell(3, 3), count: 4, animals: { boar: 3, fox: 1 }, spot: false }],
    newest: '2026-11-20T12:00:00.000Z',
  };

  it('draws the tile as it came', () => {
    const items = mapItems([{ tile, data }], none, filters);
    expect(items.alerts).toEqual([alone]);
    expect(items.clusters.map((c) => [c.count, c.animals])).toEqual([[4, { boar: 3, fox: 1 }]]);
  });

  it("shows a tile's alert as the stream last said it is: with the photo added after it", () => {
    const photo = { id: 'p1', thumbnailUrl: '/photos/t.webp', url: '/photos/l.webp', width: 1280, height: 960 };
    const changed = new Map([[alone.id, { ...alone, photos: [photo] }]]);
    expect(mapItems([{ tile, data }], { ...none, changed }, filters).alerts).toEqual([{ ...alone, photos: [photo] }]);
  });

  it('counts a live alert in the cluster of its cell, with its animal, and marks it fresh', () => {
    const live = alert(cell(3, 3), 'hare', '2026-11-20T13:00:00.000Z');
    const items = mapItems([{ tile, data }], { ...none, added: [live], fresh: new Set([live.id]) }, filters);
    expect(items.clusters.map((c) => [c.count, c.animals, c.fresh])).toEqual([[5, { boar: 3, fox: 1, hare: 1 }, true]]);
    expect(items.alerts).toEqual([alone]);
  });

  it('pairs a live alert with the one alone in its cell, and shows one in an empty cell as it is', () => {
    const pair = alert(cell(1, 1), 'fox', '2026-11-20T13:00:00.000Z');
    const lone = alert(cell(6, 0), 'fox', '2026-11-20T13:00:01.000Z');
    const items = mapItems([{ tile, data }], { ...none, added: [lone, pair] }, filters);
    expect(items.alerts).toEqual([lone]);
    expect(items.clusters.map((c) => [c.count, c.animals]).sort()).toEqual([
      [2, { fox: 1, boar: 1 }],
      [4, { boar: 3, fox: 1 }],
    ]);
  });

  it('does not count twice a live alert the tile already counts, nor one of an animal filtered out', () => {
    const counted = alert(cell(3, 3), 'boar', '2026-11-20T11:00:00.000Z');
    const fox = alert(cell(5, 5), 'fox', '2026-11-20T13:00:00.000Z');
    const items = mapItems([{ tile, data }], { ...none, added: [counted, fox] }, { window: '7d', animals: ['boar'] });
    expect(items.clusters[0]!.count).toBe(4);
    expect(items.alerts).toEqual([alone]);
  });

  it('takes a live alert out of its cluster again once it is hidden: the count is as the tile said', () => {
    const live = alert(cell(3, 3), 'hare', '2026-11-20T13:00:00.000Z');
    const joined = mapItems([{ tile, data }], { ...none, added: [live] }, filters);
    expect(joined.clusters.map((c) => c.count)).toEqual([5]);
    // The stream's `removed`: its id among the removed (the stream also drops it from `added`; either suffices).
    for (const after of [{ ...none, added: [live], removed: new Set([live.id]) }, { ...none, removed: new Set([live.id]) }]) {
      const items = mapItems([{ tile, data }], after, filters);
      expect(items.clusters.map((c) => [c.count, c.animals])).toEqual([[4, { boar: 3, fox: 1 }]]);
    }
  });

  it("moves an alert whose place changed into the cluster of its new cell, out of its old one; the cluster keeps its key", () => {
    const before = mapItems([{ tile, data }], none, filters);
    const moved = { ...alone, ...cell(3, 3) };
    const items = mapItems([{ tile, data }], { ...none, changed: new Map([[alone.id, moved]]) }, filters);
    expect(items.alerts).toEqual([]);
    expect(items.clusters.map((c) => [c.count, c.animals])).toEqual([[5, { boar: 4, fox: 1 }]]);
    expect(items.clusters[0]!.key).toBe(before.clusters[0]!.key);
  });

  it('moves an alert into the cell of another tile of the view, pairing it with the alert alone there', () => {
    const east = { z, x: tile.x + 1, y: tile.y };
    const b = tileBounds(z + TILE_CELL_BITS, east.x * 2 ** TILE_CELL_BITS, east.y * 2 ** TILE_CELL_BITS);
    const there = alert({ latitude: (b.north + b.south) / 2, longitude: (b.west + b.east) / 2 }, 'fox');
    const neighbour: TileResponse = { alerts: [there], clusters: [], newest: there.createdAt };
    const moved = { ...alone, latitude: there.latitude, longitude: there.longitude };
    const items = mapItems([{ tile, data }, { tile: east, data: neighbour }], { ...none, changed: new Map([[alone.id, moved]]) }, filters);
    expect(items.alerts).toEqual([]);
    expect(items.clusters.map((c) => [c.count, c.animals, c.spot]).sort()).toEqual([
      [2, { boar: 1, fox: 1 }, true],
      [4, { boar: 3, fox: 1 }, false],
    ]);
  });

  it('does not draw the alert of a tile twice when the stream tells of it too', () => {
    const items = mapItems([{ tile, data }], { ...none, added: [alone] }, filters);
    expect(items.alerts).toEqual([alone]);
    expect(items.clusters.map((c) => c.count)).toEqual([4]);
  });

  it('leaves out a hidden alert; an extra (a permalink) shows once', () => {
    const focused = alert(cell(7, 7));
    const items = mapItems([{ tile, data }], { ...none, removed: new Set([alone.id]) }, filters, [focused, focused]);
    expect(items.alerts).toEqual([focused]);
  });
});

describe('joinNeighbours', () => {
  const side = 2 ** TILE_CELL_BITS;
  // The edge between cells (3, 3) and (4, 3) of the tile.
  const edge = tileBounds(z + TILE_CELL_BITS, tile.x * side + 4, tile.y * side + 3);
  const latitude = (edge.north + edge.south) / 2;

  it('draws as one bubble two markers a few pixels apart on either side of a cell edge, and leaves the rest as they are', () => {
    const west = alert({ latitude, longitude: edge.west - 0.0001 }, 'fox');
    const east = alert({ latitude, longitude: edge.west + 0.0001 }, 'boar');
    const far = alert(cell(0, 7));
    const items = mapItems([{ tile, data: { alerts: [west, east, far], clusters: [], newest: null } }], none, filters);
    const drawn = joinNeighbours(items, z + 1, new Set());
    expect(drawn.alerts).toEqual([far]);
    expect(drawn.clusters.map((c) => [c.count, c.animals, c.spot])).toEqual([[2, { fox: 1, boar: 1 }, false]]);
    // Zoomed in until they stand 40 px apart, they split.
    expect(drawn.clusters[0]!.splitsAt).toBeGreaterThan(z + 1);
  });
});
