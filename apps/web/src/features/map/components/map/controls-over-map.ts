/**
 * The controls over the map (Leaflet's zoom buttons and attribution, the legend, the round
 * buttons, the add button, the notes): where they are, and word when one appears, goes or
 * changes size. Some load after the first markers; popups and markers must keep clear of them too.
 */

import type { Box } from './popup-room.ts';

/** Every control over the map: the screen's own mark them `data-map-control`. */
const CONTROLS = '[data-map-control], .leaflet-control';

/** The screen around the map: the add button sits outside the map's area, over it. */
const screenOf = (container: HTMLElement): Element => container.closest('.wa-map-screen') ?? container;

/** The boxes of the controls shown, in the map's pixels (`container` is the map's). */
export function controlBoxes(container: HTMLElement): Box[] {
  const frame = container.getBoundingClientRect();
  return [...screenOf(container).querySelectorAll(CONTROLS)]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => ({ left: r.left - frame.left, top: r.top - frame.top, right: r.right - frame.left, bottom: r.bottom - frame.top }));
}

/** Whether `box` lies (even in part) under one of `controls` (from controlBoxes). */
export function underControl(box: Box, controls: readonly Box[]): boolean {
  return controls.some((c) => box.left < c.right && c.left < box.right && box.top < c.bottom && c.top < box.bottom);
}

/** Calls `onChange` when a control over the map appears, goes or changes size; returns the way to stop. */
export function watchControls(container: HTMLElement, onChange: () => void): () => void {
  const screen = screenOf(container);
  const sizes = new ResizeObserver(onChange);
  const observe = () => screen.querySelectorAll(CONTROLS).forEach((el) => sizes.observe(el));
  const isControl = (n: Node) => n instanceof Element && (n.matches(CONTROLS) || n.querySelector(CONTROLS) !== null);
  // Told once the next frame is drawn, the page laid out for it: measured in the middle of a
  // change (as React adds a screen's parts), the boxes would cost a layout of their own.
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inNextFrame = () => {
    frame ||= requestAnimationFrame(() => {
      timer = setTimeout(() => {
        frame = 0;
        onChange();
      });
    });
  };
  const added = new MutationObserver((records) => {
    if (!records.some((r) => [...r.addedNodes].some(isControl) || [...r.removedNodes].some(isControl))) return;
    // A new one is observed from now on (its first size is reported at once); one gone is let go by the observer.
    observe();
    inNextFrame();
  });
  added.observe(screen, { childList: true, subtree: true });
  observe();
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    added.disconnect();
    sizes.disconnect();
  };
}
