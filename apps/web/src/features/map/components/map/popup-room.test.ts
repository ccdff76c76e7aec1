import { describe, expect, it } from 'vitest';
import { popupRoom, type Box } from './popup-room.ts';

const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, right: left + width, bottom: top + height });

/** Whether two boxes overlap. */
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('popupRoom', () => {
  it('on a phone, keeps the buttons at the bottom right out from below, not from the side', () => {
    // 360×572: the add button at 18,18 and the locate button above it, the legend's button top right.
    const fab = box(360 - 18 - 56, 572 - 18 - 56, 56, 56);
    const locate = box(360 - 24 - 44, 572 - 90 - 44, 44, 44);
    const legend = box(360 - 10 - 110, 10, 110, 44);
    const room = popupRoom(360, 572, [fab, locate, legend], { width: 300 });
    expect(room.width).toBeGreaterThanOrEqual(300);
    expect(room.bottomRight[1]).toBe(90 + 44 + 8);
    expect(room.topLeft[1]).toBe(10 + 44 + 8);
    const free = { left: room.topLeft[0], top: room.topLeft[1], right: 360 - room.bottomRight[0], bottom: 572 - room.bottomRight[1] };
    for (const control of [fab, locate, legend]) expect(overlap(free, control)).toBe(false);
    expect(room.height).toBe(free.bottom - free.top);
  });

  it('on a desktop, keeps a tall narrow control out from the side and keeps the height', () => {
    const zoom = box(10, 10, 46, 90);
    const legend = box(1280 - 10 - 180, 10, 180, 400);
    const room = popupRoom(1280, 650, [zoom, legend], { width: 300 });
    expect(room.bottomRight[0]).toBe(180 + 10 + 8);
    // The zoom buttons cost less from the side than from above.
    expect(room.topLeft).toEqual([10 + 46 + 8, 8]);
    expect(room.height).toBe(650 - 16);
  });

  it('ignores controls that are hidden or outside the map, and leaves a gap along the edges', () => {
    const room = popupRoom(800, 600, [box(0, 0, 0, 0), box(900, 10, 40, 40)], { width: 300 });
    expect(room).toEqual({ topLeft: [8, 8], bottomRight: [8, 8], width: 784, height: 584 });
  });

  it('on a phone with buttons down one side, too low a wide room gives way to a narrower, taller one', () => {
    // 360×538: the zoom buttons top left, the list's button top right, and down the right from
    // 316 the hotspots, bell and locate buttons (48 each, 12 apart) above the add button.
    const zoom = box(10, 10, 48, 90);
    const list = box(360 - 10 - 44, 10, 44, 44);
    const round = [316, 376, 436].map((top) => box(360 - 8 - 48, top, 48, 48));
    const fab = box(360 - 18 - 56, 538 - 18 - 56, 56, 56);
    const controls = [zoom, list, ...round, fab];
    const wide = popupRoom(360, 538, controls, { width: 338 });
    expect(wide.width).toBeGreaterThanOrEqual(338);
    expect(wide.height).toBeLessThan(320);

    const room = popupRoom(360, 538, controls, { width: 338, height: 320, narrowest: 238 });
    expect(room.width).toBeGreaterThanOrEqual(238);
    expect(room.height).toBeGreaterThan(wide.height);
    const free = { left: room.topLeft[0], top: room.topLeft[1], right: 360 - room.bottomRight[0], bottom: 538 - room.bottomRight[1] };
    for (const control of controls) expect(overlap(free, control)).toBe(false);
    // Tall enough already: the width wanted is kept.
    expect(popupRoom(360, 538, controls, { width: 338, height: wide.height, narrowest: 238 })).toEqual(wide);
  });

  it('when nothing leaves the width wanted, takes the largest room', () => {
    const room = popupRoom(200, 400, [box(150, 0, 50, 400)], { width: 300 });
    expect(room.width).toBe(200 - 8 - (50 + 8));
    expect(room.height).toBe(400 - 16);
  });
});
