/** The animal catalogue shared by the API (validation, storage keys) and the web app (names, order). */
import type { Language } from './constants.ts';


export interface Animal {
  /** Stable key stored in the database and sent over the API. */
  readonly key: string;
  readonly namePl: string;
  readonly nameEn: string;
  readonly nameUk: string;
  /**
   * Protected species whose exact location must not be published
   * (public reads get a coarsened point).
   */
  readonly sensitive: boolean;
}

/** Ordered for the add form: common city animals first, "other" last. */
export const ANIMALS = [
  { key: 'boar', namePl: 'Dzik', nameEn: 'Wild boar', nameUk: 'Дикий кабан', sensitive: false },
  { key: 'fox', namePl: 'Lis', nameEn: 'Fox', nameUk: 'Лисиця', sensitive: false },
  { key: 'roe-deer', namePl: 'Sarna', nameEn: 'Roe deer', nameUk: 'Козуля', sensitive: false },
  { key: 'hare', namePl: 'Zając', nameEn: 'Hare', nameUk: 'Заєць', sensitive: false },
  { key: 'marten', namePl: 'Kuna', nameEn: 'Marten', nameUk: 'Куниця', sensitive: false },
  { key: 'badger', namePl: 'Borsuk', nameEn: 'Badger', nameUk: 'Борсук', sensitive: false },
  { key: 'beaver', namePl: 'Bóbr', nameEn: 'Beaver', nameUk: 'Бобер', sensitive: false },
  { key: 'hedgehog', namePl: 'Jeż', nameEn: 'Hedgehog', nameUk: 'Їжак', sensitive: false },
  { key: 'red-deer', namePl: 'Jeleń', nameEn: 'Red deer', nameUk: 'Благородний олень', sensitive: false },
  { key: 'moose', namePl: 'Łoś', nameEn: 'Moose', nameUk: 'Лось', sensitive: false },
  { key: 'wolf', namePl: 'Wilk', nameEn: 'Wolf', nameUk: 'Вовк', sensitive: true },
  { key: 'lynx', namePl: 'Ryś', nameEn: 'Lynx', nameUk: 'Рись', sensitive: true },
  { key: 'bear', namePl: 'Niedźwiedź', nameEn: 'Bear', nameUk: 'Ведмідь', sensitive: true },
  { key: 'other', namePl: 'Inne', nameEn: 'Other', nameUk: 'Інше', sensitive: false },
] as const satisfies readonly Animal[];

export type AnimalKey = (typeof ANIMALS)[number]['key'];

export const ANIMAL_KEYS: readonly AnimalKey[] = ANIMALS.map((a) => a.key);

const byKey = new Map<string, Animal>(ANIMALS.map((a) => [a.key, a]));

/** The catalogue entry for a key; unknown keys (say, from an older client) fall back to "other". */
export function animalByKey(key: string): Animal {
  return byKey.get(key) ?? ANIMALS[ANIMALS.length - 1]!;
}

/** The animal's name in one of the app's languages. */
export function animalName(animal: Animal, language: Language): string {
  return language === 'en' ? animal.nameEn : language === 'uk' ? animal.nameUk : animal.namePl;
}

export function isAnimalKey(key: string): key is AnimalKey {
  return byKey.has(key);
}
