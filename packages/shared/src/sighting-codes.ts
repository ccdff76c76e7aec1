/**
 * The codes of what was seen (sighting.ts), as plain lists for the web app's first load: this
 * module has no TypeBox, so the map's bundle can draw the form's choices and the popup's line.
 */

export const HOW_MANY = ['one', 'two-to-five', 'more'] as const;
export type HowMany = (typeof HOW_MANY)[number];

export const BEHAVIOURS = ['calm', 'crossing-road', 'aggressive', 'injured', 'dead-on-road'] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** Behaviours after which a person should call someone (the popup offers whom, GET /Contacts). */
const URGENT_BEHAVIOURS: readonly Behaviour[] = ['aggressive', 'injured', 'dead-on-road'];

export const isHowMany = (value: unknown): value is HowMany => HOW_MANY.includes(value as HowMany);
export const isBehaviour = (value: unknown): value is Behaviour => BEHAVIOURS.includes(value as Behaviour);
export const isUrgent = (behaviour: string | null): boolean => URGENT_BEHAVIOURS.includes(behaviour as Behaviour);
