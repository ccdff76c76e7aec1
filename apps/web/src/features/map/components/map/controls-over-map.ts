/**
 * The controls over the map (Leaflet's zoom buttons and attribution, the legend, the round
 * buttons, the add button, the notes): where they are, and word when one appears, goes or
 * changes size. Some load after the first markers; popups and markers must keep clear of them too.
 */

/** Every control over the map: the screen's own mark them `data-map-control`. */
const CONTROLS = '[data-map-control], .leaflet-control';

/** The screen around the map: the add button sits outside the map's area, over it. */
const screenOf = (container: HTMLElement): Element => container.closest('.wa-map-screen') ?? container;

/** The controls' boxes on the page (the viewport's coordinates), those shown. */
export function controlRects(container: HTMLElement): DOMRect[] {
  return [...screenOf(container).querySelectorAll(CONTROLS)].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
}

/** Whether two boxes on the page overlap. */
const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Whether `el` lies (even in part) under one of `controls` (from controlRects). */
export function underControl(el: Element, controls: readonly DOMRect[]): boolean {
  if (controls.length === 0) return false;
  const box = el.getBoundingClientRect();
  return controls.some((c) => overlaps(c, box));
}

/** Calls `onChange` when a control over the map appears, goes or changes size; returns the way to stop. */
export function watchControls(container: HTMLElement, onChange: () => void): () => void {
  const screen = screenOf(container);
  const sizes = new ResizeObserver(onChange);
  const observe = () => screen.querySelectorAll(CONTROLS).forEach((el) => sizes.observe(el));
  const isControl = (n: Node) => n instanceof Element && (n.matches(CONTROLS) || n.querySelector(CONTROLS) !== null);
  const added = new MutationObserver((records) => {
    if (!records.some((r) => [...r.addedNodes].some(isControl) || [...r.removedNodes].some(isControl))) return;
    // A new one is observed from now on (its first size is reported at once); one gone is let go by the observer.
    observe();
    onChange();
  });
  added.observe(screen, { childList: true, subtree: true });
  observe();
  return () => {
    added.disconnect();
    sizes.disconnect();
  };
}
