/** The animal catalogue shared by the API (validation, storage keys) and the web app (names, order). */

export interface Animal {
  /** Stable key stored in the database and sent over the API. */
  readonly key: string;
  readonly namePl: string;
  readonly nameEn: string;
  /**
   * Protected species whose exact location must not be published
   * (public reads get a coarsened point).
   */
  readonly sensitive: boolean;
}

/** Ordered for the add form: common city animals first, "other" last. */
export const ANIMALS = [
  { key: 'boar', namePl: 'Dzik', nameEn: 'Wild boar', sensitive: false },
  { key: 'fox', namePl: 'Lis', nameEn: 'Fox', sensitive: false },
  { key: 'roe-deer', namePl: 'Sarna', nameEn: 'Roe deer', sensitive: false },
  { key: 'hare', namePl: 'Zając', nameEn: 'Hare', sensitive: false },
  { key: 'marten', namePl: 'Kuna', nameEn: 'Marten', sensitive: false },
  { key: 'badger', namePl: 'Borsuk', nameEn: 'Badger', sensitive: false },
  { key: 'beaver', namePl: 'Bóbr', nameEn: 'Beaver', sensitive: false },
  { key: 'hedgehog', namePl: 'Jeż', nameEn: 'Hedgehog', sensitive: false },
  { key: 'red-deer', namePl: 'Jeleń', nameEn: 'Red deer', sensitive: false },
  { key: 'moose', namePl: 'Łoś', nameEn: 'Moose', sensitive: false },
  { key: 'wolf', namePl: 'Wilk', nameEn: 'Wolf', sensitive: true },
  { key: 'lynx', namePl: 'Ryś', nameEn: 'Lynx', sensitive: true },
  { key: 'bear', namePl: 'Niedźwiedź', nameEn: 'Bear', sensitive: true },
  { key: 'other', namePl: 'Inne', nameEn: 'Other', sensitive: false },
] as const satisfies readonly Animal[];

export type AnimalKey = (typeof ANIMALS)[number]['key'];

export const ANIMAL_KEYS: readonly AnimalKey[] = ANIMALS.map((a) => a.key);

const byKey = new Map<string, Animal>(ANIMALS.map((a) => [a.key, a]));

/** The catalogue entry for a key; unknown keys (say, from an older client) fall back to "other". */
export function animalByKey(key: string): Animal {
  return byKey.get(key) ?? ANIMALS[ANIMALS.length - 1]!;
}

export function isAnimalKey(key: string): key is AnimalKey {
  return byKey.has(key);
}
