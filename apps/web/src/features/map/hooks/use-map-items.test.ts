import { describe, expect, it } from 'vitest';
import { gridOf, TILE_CELL_BITS, tileBounds, type Alert, type TileResponse, unconfirmedSighting } from '@wildalert/shared';
import { mergeTiles } from './use-map-items.ts';

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

describe('mergeTiles', () => {
  const alone = alert(cell(1, 1));
  const data: TileResponse = {
    alerts: [alone],
    clusters: [{ ...cell(3, 3), count: 4, animals: { boar: 3, fox: 1 }, spot: false }],
    newest: '2026-11-20T12:00:00.000Z',
  };

  it('draws the tile as it came', () => {
    const items = mergeTiles([{ tile, data }], none, filters);
    expect(items.alerts).toEqual([alone]);
    expect(items.clusters.map((c) => [c.count, c.animals])).toEqual([[4, { boar: 3, fox: 1 }]]);
  });

  it("shows a tile's alert as the stream last said it is: with the photo added after it", () => {
    const photo = { id: 'p1', thumbnailUrl: '/photos/t.webp', url: '/photos/l.webp', width: 1280, height: 960 };
    const changed = new Map([[alone.id, { ...alone, photos: [photo] }]]);
    expect(mergeTiles([{ tile, data }], { ...none, changed }, filters).alerts).toEqual([{ ...alone, photos: [photo] }]);
  });

  it('counts a live alert in the cluster of its cell, with its animal, and marks it fresh', () => {
    const live = alert(cell(3, 3), 'hare', '2026-11-20T13:00:00.000Z');
    const items = mergeTiles([{ tile, data }], { ...none, added: [live], fresh: new Set([live.id]) }, filters);
    expect(items.clusters.map((c) => [c.count, c.animals, c.fresh])).toEqual([[5, { boar: 3, fox: 1, hare: 1 }, true]]);
    expect(items.alerts).toEqual([alone]);
  });

  it('pairs a live alert with the one alone in its cell, and shows one in an empty cell as it is', () => {
    const pair = alert(cell(1, 1), 'fox', '2026-11-20T13:00:00.000Z');
    const lone = alert(cell(6, 0), 'fox', '2026-11-20T13:00:01.000Z');
    const items = mergeTiles([{ tile, data }], { ...none, added: [lone, pair] }, filters);
    expect(items.alerts).toEqual([lone]);
    expect(items.clusters.map((c) => [c.count, c.animals]).sort()).toEqual([
      [2, { fox: 1, boar: 1 }],
      [4, { boar: 3, fox: 1 }],
    ]);
  });

  it('does not count twice a live alert the tile already counts, nor one of an animal filtered out', () => {
    const counted = alert(cell(3, 3), 'boar', '2026-11-20T11:00:00.000Z');
    const fox = alert(cell(5, 5), 'fox', '2026-11-20T13:00:00.000Z');
    const items = mergeTiles([{ tile, data }], { ...none, added: [counted, fox] }, { window: '7d', animals: ['boar'] });
    expect(items.clusters[0]!.count).toBe(4);
    expect(items.alerts).toEqual([alone]);
  });

  it('leaves out a hidden alert; an extra (a permalink) shows once', () => {
    const focused = alert(cell(7, 7));
    const items = mergeTiles([{ tile, data }], { ...none, removed: new Set([alone.id]) }, filters, [focused, focused]);
    expect(items.alerts).toEqual([focused]);
  });
});
