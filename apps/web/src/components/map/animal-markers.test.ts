import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANIMALS } from '@wildalert/shared';
import { animalMarkerColour, animalMarkerUrl } from './animal-markers.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../public/markers');

interface MarkerImage {
  group: string;
  shape: string;
  fill: string;
  edge: string;
  pictogram: string;
  pictogramColour: string;
}

function read(key: string): MarkerImage {
  const svg = fs.readFileSync(path.join(DIR, `${key}.svg`), 'utf8');
  expect(svg).toMatch(/^<svg [^>]*width="25" height="41" viewBox="0 0 25 41"/);
  const shape = /<path d="([^"]+)" fill="(#[0-9a-f]{6})" stroke="(#[0-9a-f]{6})"/.exec(svg)!;
  const inner = /<svg x="[^>]*>(.*)<\/svg>\s*<\/svg>/s.exec(svg)![1]!;
  const colours = new Set(inner.match(/#[0-9a-f]{6}/g));
  expect(colours.size, `${key}: one pictogram colour`).toBe(1);
  return {
    group: /data-group="([a-z]+)"/.exec(svg)![1]!,
    shape: shape[1]!,
    fill: shape[2]!,
    edge: shape[3]!,
    pictogram: inner.replace(/#[0-9a-f]{6}/g, ''),
    pictogramColour: [...colours][0]!,
  };
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** OpenStreetMap's land, park, water and built-up colours: what a marker stands on. */
const MAP_COLOURS = ['#f2efe9', '#add19e', '#aad3df', '#e0dfdf'];

describe('animal markers', () => {
  const markers = new Map(ANIMALS.map((a) => [a.key, read(a.key)]));

  it('give every animal its own pictogram, and each group its own shape and colour', () => {
    expect(new Set([...markers.values()].map((m) => m.pictogram)).size).toBe(ANIMALS.length);
    const groups = new Map<string, MarkerImage[]>();
    for (const m of markers.values()) groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
    expect(groups.size).toBeGreaterThanOrEqual(3);
    for (const [group, members] of groups) {
      expect(new Set(members.map((m) => m.shape)).size, group).toBe(1);
      expect(new Set(members.map((m) => m.fill)).size, group).toBe(1);
    }
    const firsts = [...groups.values()].map((members) => members[0]!);
    expect(new Set(firsts.map((m) => m.shape)).size).toBe(groups.size);
    expect(new Set(firsts.map((m) => m.fill)).size).toBe(groups.size);
  });

  it('keep pictograms readable on their marker, and markers visible on the map (WCAG 3:1 for graphics)', () => {
    for (const [key, m] of markers) {
      expect(contrast(m.pictogramColour, m.fill), `${key}: pictogram on marker`).toBeGreaterThanOrEqual(4.5);
      for (const ground of MAP_COLOURS) {
        const outline = Math.max(contrast(m.fill, ground), contrast(m.edge, ground));
        expect(outline, `${key} on ${ground}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("give a cluster's ring each animal's marker colour (white \"other\" in grey, to show on white)", () => {
    for (const [key, m] of markers) expect(animalMarkerColour(key), key).toBe(m.fill === '#ffffff' ? '#8a8a8a' : m.fill);
    expect(animalMarkerColour('unicorn')).toBe(animalMarkerColour('other'));
  });

  it('are the app\'s own files, one per animal; an unknown animal gets the one for "other"', () => {
    for (const { key } of ANIMALS) {
      expect(animalMarkerUrl(key)).toBe(`${import.meta.env.BASE_URL}markers/${key}.svg`);
      expect(fs.existsSync(path.join(DIR, `${key}.svg`))).toBe(true);
    }
    expect(animalMarkerUrl('unicorn')).toBe(animalMarkerUrl('other'));
  });
});
