/**
 * A chart drawn by Observable Plot (SVG) in its box, as wide as the box and drawn again when the
 * window changes width. For the eyes: its figures are in the table beside it, which screen readers read.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n.ts';

export function Figure({ title, draw, height }: { title: string; draw(width: number): SVGElement | HTMLElement; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // On the window's resize, not the box's (a ResizeObserver): a redrawn chart that brings or takes
    // away the page's scroll bar changes the box's width, which would draw it again, and again.
    const measure = () => setWidth(Math.floor(element.clientWidth));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  useEffect(() => {
    if (!box.current || width === 0) return;
    const chart = draw(width);
    // The box names the chart (role img); Plot's labels on groups are not allowed there (axe: aria-prohibited-attr).
    chart.setAttribute('aria-hidden', 'true');
    for (const group of chart.querySelectorAll('g[aria-label], g[aria-description]')) {
      group.removeAttribute('aria-label');
      group.removeAttribute('aria-description');
    }
    box.current.replaceChildren(chart);
    return () => chart.remove();
  }, [draw, width]);
  // The box keeps its height while the chart is drawn: nothing below it jumps.
  return <div ref={box} className="wa-dashboard-figure" role="img" aria-label={t('dashboard.chartLabel', { title })} style={{ minHeight: height }} />;
}
