/** The animal catalogue shared by the API (validation, storage keys) and the web app (names, order). */
import type { Language } from './constants.ts';
import type { HowMany } from './sighting-codes.ts';


export interface Animal {
  /** Stable key stored in the database and sent over the API. */
  readonly key: string;
  readonly namePl: string;
  readonly nameEn: string;
  readonly nameUk: string;
  /**
   * What the reporter's word names, for Darwin Core (the GBIF export): a species where the word
   * means one here, else the smallest group it surely belongs to, without authorship (GBIF's
   * backbone matches the bare name).
   */
  readonly scientificName: string;
  /** The rank of scientificName (Darwin Core taxonRank: `species`, `genus`, `kingdom`…). */
  readonly taxonRank: TaxonRank;
  readonly kingdom: 'Animalia';
  /**
   * Protected species whose exact location must not be published
   * (public reads get a coarsened point).
   */
  readonly sensitive: boolean;
  /**
   * Hours after its last confirmation that a sighting is probably out of date: the map draws it
   * as past from then on (issue 19). Short for animals that move on fast, long for ones that stay.
   */
  readonly freshHours: number;
  /** Safety advice for people who meet it, as codes the clients translate (most important first). */
  readonly advice: readonly SafetyAdvice[];
  /**
   * Whether it is seen in a city centre at all (issue 35): a report of one that is not (a bear in
   * the Old Town) is held back from area alerts until someone else or a moderator backs it.
   */
  readonly expectedInCity: boolean;
  /** The most that is usually seen together (`howMany`): a report of more is held back likewise. */
  readonly usualMost: HowMany;
  /** Rare here: a network's first report of it is held back likewise. */
  readonly rare: boolean;
}

/** The Darwin Core ranks the catalogue uses. */
type TaxonRank = 'species' | 'genus' | 'family' | 'order' | 'class' | 'kingdom';

/** The safety advice the catalogue gives, as codes; each client words them in its language. */
export const SAFETY_ADVICE = ['keep-distance', 'do-not-feed', 'leash-dogs', 'do-not-corner', 'do-not-touch', 'leave-young'] as const;
type SafetyAdvice = (typeof SAFETY_ADVICE)[number];

/**
 * Ordered for the add form: common city animals first, "other" last. Scientific names: "Kuna" is
 * the stone or the pine marten and "Jeż" the western or the northern white-breasted hedgehog (both
 * live around Kraków), so those stay at genus; "Zając" is the brown hare (the mountain hare is a
 * relict of the north-east); "Inne" says only that it was an animal.
 */
export const ANIMALS = [
  { key: 'boar', scientificName: 'Sus scrofa', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Dzik', nameEn: 'Wild boar', nameUk: 'Дикий кабан', sensitive: false, freshHours: 6, advice: ['keep-distance', 'do-not-corner', 'leash-dogs', 'do-not-feed'], expectedInCity: true, usualMost: 'more', rare: false },
  { key: 'fox', scientificName: 'Vulpes vulpes', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Lis', nameEn: 'Fox', nameUk: 'Лисиця', sensitive: false, freshHours: 4, advice: ['keep-distance', 'do-not-feed', 'do-not-touch'], expectedInCity: true, usualMost: 'two-to-five', rare: false },
  { key: 'roe-deer', scientificName: 'Capreolus capreolus', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Sarna', nameEn: 'Roe deer', nameUk: 'Козуля', sensitive: false, freshHours: 3, advice: ['keep-distance', 'leash-dogs', 'leave-young'], expectedInCity: true, usualMost: 'more', rare: false },
  { key: 'hare', scientificName: 'Lepus europaeus', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Zając', nameEn: 'Hare', nameUk: 'Заєць', sensitive: false, freshHours: 2, advice: ['leash-dogs', 'leave-young'], expectedInCity: true, usualMost: 'two-to-five', rare: false },
  { key: 'marten', scientificName: 'Martes', taxonRank: 'genus', kingdom: 'Animalia', namePl: 'Kuna', nameEn: 'Marten', nameUk: 'Куниця', sensitive: false, freshHours: 6, advice: ['do-not-touch', 'do-not-feed'], expectedInCity: true, usualMost: 'two-to-five', rare: false },
  { key: 'badger', scientificName: 'Meles meles', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Borsuk', nameEn: 'Badger', nameUk: 'Борсук', sensitive: false, freshHours: 12, advice: ['keep-distance', 'leash-dogs', 'do-not-touch'], expectedInCity: true, usualMost: 'two-to-five', rare: false },
  { key: 'beaver', scientificName: 'Castor fiber', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Bóbr', nameEn: 'Beaver', nameUk: 'Бобер', sensitive: false, freshHours: 48, advice: ['keep-distance', 'leash-dogs'], expectedInCity: true, usualMost: 'two-to-five', rare: false },
  { key: 'hedgehog', scientificName: 'Erinaceus', taxonRank: 'genus', kingdom: 'Animalia', namePl: 'Jeż', nameEn: 'Hedgehog', nameUk: 'Їжак', sensitive: false, freshHours: 12, advice: ['do-not-feed', 'do-not-touch'], expectedInCity: true, usualMost: 'two-to-five', rare: false },
  { key: 'red-deer', scientificName: 'Cervus elaphus', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Jeleń', nameEn: 'Red deer', nameUk: 'Благородний олень', sensitive: false, freshHours: 3, advice: ['keep-distance', 'leash-dogs', 'do-not-corner'], expectedInCity: false, usualMost: 'more', rare: false },
  { key: 'moose', scientificName: 'Alces alces', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Łoś', nameEn: 'Moose', nameUk: 'Лось', sensitive: false, freshHours: 6, advice: ['keep-distance', 'do-not-corner', 'leash-dogs'], expectedInCity: false, usualMost: 'two-to-five', rare: true },
  { key: 'wolf', scientificName: 'Canis lupus', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Wilk', nameEn: 'Wolf', nameUk: 'Вовк', sensitive: true, freshHours: 6, advice: ['keep-distance', 'leash-dogs', 'do-not-feed'], expectedInCity: false, usualMost: 'two-to-five', rare: true },
  { key: 'lynx', scientificName: 'Lynx lynx', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Ryś', nameEn: 'Lynx', nameUk: 'Рись', sensitive: true, freshHours: 6, advice: ['keep-distance', 'leash-dogs'], expectedInCity: false, usualMost: 'one', rare: true },
  { key: 'bear', scientificName: 'Ursus arctos', taxonRank: 'species', kingdom: 'Animalia', namePl: 'Niedźwiedź', nameEn: 'Bear', nameUk: 'Ведмідь', sensitive: true, freshHours: 12, advice: ['keep-distance', 'do-not-corner', 'do-not-feed'], expectedInCity: false, usualMost: 'two-to-five', rare: true },
  { key: 'other', scientificName: 'Animalia', taxonRank: 'kingdom', kingdom: 'Animalia', namePl: 'Inne', nameEn: 'Other', nameUk: 'Інше', sensitive: false, freshHours: 6, advice: ['keep-distance', 'do-not-feed', 'do-not-touch'], expectedInCity: true, usualMost: 'more', rare: false },
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
