/**
 * Each animal's marker image, public/markers/<key>.svg: 25×41, tip at 12,41. Colour is never
 * the only difference: each group of animals has its own shape and colour, each animal its own
 * pictogram (animal-markers.test.ts checks both, and the contrast).
 *
 * | group     | shape                          | colour    | animals                                |
 * | hoofed    | round pin                      | `#a14f00` | boar, roe-deer, red-deer, moose        |
 * | predators | shield                         | `#1f4e96` | fox, wolf, lynx, bear                  |
 * | small     | square sign on a point         | `#383838` | hare, marten, badger, beaver, hedgehog |
 * | other     | white circle on a needle       | `#ffffff` | other                                  |
 *
 * Pictograms from game-icons.net (CC BY 3.0, credited in the map's legend), the moose from
 * Microsoft's Fluent Emoji High Contrast (MIT), the marten drawn for WildAlert; each file names
 * its source. Files by name, not bundled: the map's first download carries none of them, and a
 * browser fetches the few animals in view (the service worker keeps them all).
 */
import { animalByKey } from '@wildalert/shared';

/** The marker image of an animal; unknown keys get the one for "other". */
export function animalMarkerUrl(animal: string): string {
  return `${import.meta.env.BASE_URL}markers/${animalByKey(animal).key}.svg`;
}

/** Each group's marker colour, as its files draw it; "other" (white) in grey, to show on a white ring. */
const HOOFED = '#a14f00';
const PREDATORS = '#1f4e96';
const SMALL = '#383838';
const OTHER = '#8a8a8a';
const MARKER_COLOURS: Readonly<Record<string, string>> = {
  boar: HOOFED,
  'roe-deer': HOOFED,
  'red-deer': HOOFED,
  moose: HOOFED,
  fox: PREDATORS,
  wolf: PREDATORS,
  lynx: PREDATORS,
  bear: PREDATORS,
  hare: SMALL,
  marten: SMALL,
  badger: SMALL,
  beaver: SMALL,
  hedgehog: SMALL,
};

/** The colour of an animal's marker (its group's), for a cluster's ring; animal-markers.test.ts checks it against the files. */
export function animalMarkerColour(animal: string): string {
  return MARKER_COLOURS[animalByKey(animal).key] ?? OTHER;
}
