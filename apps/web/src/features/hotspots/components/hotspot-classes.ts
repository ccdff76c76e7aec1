/**
 * How a cell's count is drawn: five classes of a colour-blind-safe sequential ramp (viridis,
 * light to dark), more opaque as they count more, each with a thin dark edge: the palest class
 * alone (yellow at 45 %) could hardly be told from a pale map. Fixed bounds rather than the view's
 * maximum: a street keeps its colour as the map pans.
 */
export const HOTSPOT_CLASSES = [
  { min: 1, colour: '#fde725', opacity: 0.6 },
  { min: 2, colour: '#5ec962', opacity: 0.6 },
  { min: 5, colour: '#21918c', opacity: 0.55 },
  { min: 10, colour: '#3b528b', opacity: 0.62 },
  { min: 20, colour: '#440154', opacity: 0.7 },
] as const;

/** Every cell's edge: dark enough on a pale map, thin enough not to hide the streets. */
export const HOTSPOT_EDGE = { color: '#3d3d3d', weight: 1, opacity: 0.45 } as const;

export type HotspotClass = (typeof HOTSPOT_CLASSES)[number];

export function classOf(count: number): HotspotClass {
  return HOTSPOT_CLASSES.findLast((c) => count >= c.min) ?? HOTSPOT_CLASSES[0];
}
