/**
 * A cluster's bubble, which says how many and of what at a glance: larger with more alerts, its
 * ring in segments of its animals' marker colours (the most first, clockwise from the top), its
 * count in the middle, and on its shoulder the marker head of the animal seen most (the legend
 * shows the same heads). The name that says it all in words is the marker's (alert-clusters.tsx).
 */
import type { DivIcon } from 'leaflet';
import { ANIMALS } from '@wildalert/shared';
import { animalMarkerColour, animalMarkerUrl } from './animal-markers.ts';
import { htmlIcon } from './html-icon.ts';

/**
 * Diameters by count, in steps a glance tells apart: a finger's size (44 px) at the least, and
 * below the grid's 64-px cell at the most, so that neighbours still stand apart.
 */
const SIZES: readonly (readonly [below: number, px: number])[] = [
  [10, 44],
  [50, 50],
  [200, 56],
  [Infinity, 62],
];

export const clusterSize = (count: number): number => SIZES.find(([below]) => count < below)![1];

/** A cluster's animals, the most first, ties in catalogue order. */
export function animalsByCount(animals: Readonly<Record<string, number>>): [animal: string, count: number][] {
  return ANIMALS.flatMap((a): [string, number][] => (animals[a.key] ? [[a.key, animals[a.key]!]] : [])).sort((a, b) => b[1] - a[1]);
}

/** Every animal's segment is this many degrees at least (one fox among 500 boars still shows), then a white gap of GAP. */
const MIN_DEG = 12;
const GAP_DEG = 4;

/** The ring's CSS: one segment per animal, in whole degrees (so that clusters of one mix share an icon). */
export function ringBackground(byCount: readonly (readonly [string, number])[]): string {
  if (byCount.length <= 1) return animalMarkerColour(byCount[0]?.[0] ?? 'other');
  const total = byCount.reduce((s, [, n]) => s + n, 0);
  const raw = byCount.map(([, n]) => Math.max((n / total) * 360, MIN_DEG));
  const scale = 360 / raw.reduce((s, d) => s + d, 0);
  let at = 0;
  const stops = byCount.map(([animal], i) => {
    const end = i === byCount.length - 1 ? 360 : Math.round(at + raw[i]! * scale);
    const stop = `${animalMarkerColour(animal)} ${at}deg ${end - GAP_DEG}deg,#fff 0 ${end}deg`;
    at = end;
    return stop;
  });
  return `conic-gradient(${stops.join(',')})`;
}

const icons = new Map<string, DivIcon>();
/** Icons kept for reuse (a view draws a few hundred); past this the cache starts again. */
const MAX_KEPT = 1000;

/** `fresh`: holds an alert that just arrived live (a ring pulses around it). */
export function clusterIcon(count: number, animals: Readonly<Record<string, number>>, fresh: boolean): DivIcon {
  const size = clusterSize(count);
  const byCount = animalsByCount(animals);
  const label = count >= 1000 ? `${Math.floor(count / 1000)}k+` : String(count);
  const main = byCount[0]?.[0] ?? 'other';
  const className = `wa-cluster wa-cluster--${size}${fresh ? ' wa-fresh' : ''}`;
  const html =
    `<span aria-hidden="true"><span class="wa-cluster-ring" style="background:${ringBackground(byCount)}"></span><b>${label}</b>` +
    `<img class="wa-cluster-main" src="${animalMarkerUrl(main)}" width="25" height="41" alt="" draggable="false"></span>`;
  const key = `${className}|${html}`;
  let icon = icons.get(key);
  if (!icon) {
    if (icons.size >= MAX_KEPT) icons.clear();
    icon = htmlIcon({ className, html, iconSize: [size, size] });
    icons.set(key, icon);
  }
  return icon;
}
