/**
 * A cluster's bubble, which says how many and of what at a glance: larger with more alerts, its
 * count in the middle of a ring in segments of its animals' marker colours (the legend's), the
 * most first, clockwise from the top. Its name says it all in words (alert-clusters.tsx).
 */
import type { DivIcon } from 'leaflet';
import { ANIMALS } from '@wildalert/shared';
import { animalMarkerColour } from './animal-markers.ts';
import { htmlIcon } from './html-icon.ts';

/**
 * Its diameter, in steps a glance tells apart: a finger's size (44 px) at the least, and below
 * the grid's 64-px cell at the most, so that neighbours still stand apart.
 */
export const clusterSize = (count: number): number => (count < 10 ? 44 : count < 50 ? 50 : count < 200 ? 56 : 62);

/** A cluster's animals, the most first, ties in catalogue order. */
export function animalsByCount(animals: Readonly<Record<string, number>>): [animal: string, count: number][] {
  return ANIMALS.flatMap((a): [string, number][] => (animals[a.key] ? [[a.key, animals[a.key]!]] : [])).sort((a, b) => b[1] - a[1]);
}

/** Every animal's segment takes this share of the ring at least: one bear among 500 boars still shows. */
const MIN_SHARE = 0.04;

/** The ring's CSS: one segment per animal, in whole percent (so that clusters of one mix share an icon). */
export function ringBackground(byCount: readonly (readonly [string, number])[]): string {
  const total = byCount.reduce((s, [, n]) => s + n, 0);
  const shares = byCount.map(([, n]) => Math.max(n / total, MIN_SHARE));
  const scale = 100 / shares.reduce((s, d) => s + d, 0);
  let at = 0;
  return `conic-gradient(${byCount.map(([animal], i) => `${animalMarkerColour(animal)} 0 ${Math.round((at += shares[i]! * scale))}%`)})`;
}

/** Kept for the visit: one per count, mix and main animal seen, a few thousand at the most. */
const icons = new Map<string, DivIcon>();

/** `fresh`: holds an alert that just arrived live (a ring pulses around it). */
export function clusterIcon(count: number, animals: Readonly<Record<string, number>>, fresh: boolean): DivIcon {
  const size = clusterSize(count);
  const byCount = animalsByCount(animals);
  const label = count >= 1000 ? `${Math.floor(count / 1000)}k+` : String(count);
  const className = fresh ? 'wa-cluster wa-fresh' : 'wa-cluster';
  const html = `<span aria-hidden="true" style="background:${ringBackground(byCount)}"><b>${label}</b></span>`;
  const key = `${className}|${html}`;
  let icon = icons.get(key);
  if (!icon) {
    icon = htmlIcon({ className, html, iconSize: [size, size] });
    icons.set(key, icon);
  }
  return icon;
}
