import { describe, expect, it } from 'vitest';
import { animalsByCount, clusterIcon, clusterSize, ringBackground } from './cluster-icon.ts';

describe('cluster icons', () => {
  it('grow with the count, a finger\'s size at the least and below a 64-px cell at the most', () => {
    const sizes = [2, 9, 10, 58, 199, 200, 100_000].map(clusterSize);
    expect(sizes).toEqual([44, 44, 50, 56, 56, 62, 62]);
    expect(clusterIcon(3, { boar: 3 }, false).options.iconSize).toEqual([44, 44]);
    expect(clusterIcon(58, { fox: 40, boar: 18 }, false).options.iconSize).toEqual([56, 56]);
  });

  it('list the animals the most first, ties in catalogue order, unknown keys left out', () => {
    expect(animalsByCount({ 'roe-deer': 6, boar: 12, fox: 40 })).toEqual([['fox', 40], ['boar', 12], ['roe-deer', 6]]);
    expect(animalsByCount({ hare: 1, fox: 1, boar: 1, unicorn: 5 })).toEqual([['boar', 1], ['fox', 1], ['hare', 1]]);
  });

  it('ring each animal in its marker colour, a small share still visible, and show the count', () => {
    expect(ringBackground([['fox', 3]])).toBe('conic-gradient(#1f4e96 0 100%)');
    // The fox, 1 of 501, still takes 4% of the ring.
    expect(ringBackground([['boar', 500], ['fox', 1]])).toBe('conic-gradient(#a14f00 0 96%,#1f4e96 0 100%)');
    expect(ringBackground([['fox', 40], ['boar', 12], ['roe-deer', 6]])).toBe('conic-gradient(#1f4e96 0 69%,#a14f00 0 90%,#a14f00 0 100%)');
    const element = clusterIcon(58, { boar: 12, fox: 40 }, true).createIcon();
    expect(element.className).toContain('wa-fresh');
    expect(element.querySelector('b')!.textContent).toBe('58');
    expect(clusterIcon(58, { boar: 12, fox: 40 }, true)).toBe(clusterIcon(58, { fox: 40, boar: 12 }, true));
  });
});
