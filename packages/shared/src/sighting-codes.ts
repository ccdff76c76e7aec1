/**
 * The codes of what was seen (sighting.ts), as plain lists for the web app's first load: this
 * module has no TypeBox, so the map's bundle can draw the form's choices and the popup's line.
 */

export const HOW_MANY = ['one', 'two-to-five', 'more'] as const;
export type HowMany = (typeof HOW_MANY)[number];

export const BEHAVIOURS = ['calm', 'crossing-road', 'aggressive', 'injured', 'dead-on-road', 'found-dead'] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** Behaviours after which a person should call someone (the popup offers whom, GET /Contacts). */
const URGENT_BEHAVIOURS: readonly Behaviour[] = ['aggressive', 'injured', 'dead-on-road', 'found-dead'];

/** Behaviours that mean the animal is dead: for a wild boar, the veterinary officer's case (African swine fever). */
const DEAD_BEHAVIOURS: readonly Behaviour[] = ['dead-on-road', 'found-dead'];

/** A dead wild boar: the finder is shown biosecurity advice, and the report goes to the veterinary officer. */
export const isDeadBoar = (animal: string, behaviour: string | null): boolean => animal === 'boar' && DEAD_BEHAVIOURS.includes(behaviour as Behaviour);

/** Where an organisation is with a report, in order; a step may be skipped, never undone. */
export const INBOX_STATUSES = ['new', 'acknowledged', 'on-the-way', 'resolved'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** How a report was resolved. */
export const OUTCOMES = ['caught-or-moved', 'not-found', 'left-by-itself', 'handed-over', 'dead-animal-collected', 'collected-for-testing'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const isHowMany = (value: unknown): value is HowMany => HOW_MANY.includes(value as HowMany);
export const isBehaviour = (value: unknown): value is Behaviour => BEHAVIOURS.includes(value as Behaviour);
export const isUrgent = (behaviour: string | null): boolean => URGENT_BEHAVIOURS.includes(behaviour as Behaviour);
