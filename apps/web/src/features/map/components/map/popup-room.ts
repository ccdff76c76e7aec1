/**
 * Where a popup fits on the map clear of every control over it (the zoom buttons, the add and
 * locate buttons, the legend, the notes): the padding on each side that Leaflet's autopan keeps.
 */

/** A box in map pixels, from the map's top left corner. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Room {
  /** Leaflet's autoPanPaddingTopLeft and autoPanPaddingBottomRight. */
  topLeft: [number, number];
  bottomRight: [number, number];
  width: number;
  height: number;
}

type Side = 'top' | 'bottom' | 'left' | 'right';

/** Past this many controls the choices are too many to try: each is kept out from above or below. */
const MAX_TRIED = 10;

/** What a popup asks of its room. */
export interface Wanted {
  /** The tallest room at least this wide (a popup grows with its text, downwards). */
  width: number;
  /**
   * A room lower than `height` leaves its text too little beside its actions: then the tallest
   * room at least `narrowest` wide, if it is taller (a phone, with buttons down one side).
   */
  height?: number;
  narrowest?: number;
}

/**
 * Each control is kept out by a band along the horizontal or the vertical map edge nearest to
 * it. Of every choice, the one that leaves the tallest room at least `wanted.width` wide, else
 * the largest room; narrower, as `wanted` allows, where that is too low. `gap`: the space kept
 * around controls and along the map's edges.
 */
export function popupRoom(width: number, height: number, controls: readonly Box[], wanted: Wanted, gap = 8): Room {
  const bands = controls
    .map((c) => ({
      left: Math.max(0, c.left),
      top: Math.max(0, c.top),
      right: Math.min(width, c.right),
      bottom: Math.min(height, c.bottom),
    }))
    .filter((c) => c.right > c.left && c.bottom > c.top)
    .map((c) => {
      const vertical: [Side, number] = c.top + c.bottom < height ? ['top', c.bottom + gap] : ['bottom', height - c.top + gap];
      const horizontal: [Side, number] = c.left + c.right < width ? ['left', c.right + gap] : ['right', width - c.left + gap];
      return [vertical, horizontal] as const;
    });

  const tallest = (minWidth: number) => {
    const wantedWidth = Math.min(minWidth, width - 2 * gap);
    let best: { pad: Record<Side, number>; fits: boolean; w: number; h: number } | undefined;
    const tried = bands.length > MAX_TRIED ? 1 : 2 ** bands.length;
    for (let choice = 0; choice < tried; choice++) {
      const pad: Record<Side, number> = { top: gap, bottom: gap, left: gap, right: gap };
      bands.forEach((options, i) => {
        const [side, size] = options[(choice >> i) & 1]!;
        pad[side] = Math.max(pad[side], size);
      });
      const w = Math.max(0, width - pad.left - pad.right);
      const h = Math.max(0, height - pad.top - pad.bottom);
      const fits = w >= wantedWidth && h > 0;
      const better =
        !best ||
        (fits && !best.fits) ||
        (fits === best.fits && (fits ? h > best.h || (h === best.h && w > best.w) : w * h > best.w * best.h));
      if (better) best = { pad, fits, w, h };
    }
    return best!;
  };
  let best = tallest(wanted.width);
  if (wanted.narrowest !== undefined && best.h < (wanted.height ?? 0)) {
    const narrow = tallest(wanted.narrowest);
    if (narrow.h > best.h) best = narrow;
  }
  const { pad, w, h } = best;
  return { topLeft: [pad.left, pad.top], bottomRight: [pad.right, pad.bottom], width: w, height: h };
}
