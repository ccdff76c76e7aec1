/**
 * How current a sighting probably is (issue 19): by the time since its last confirmation
 * (`lastSeenAt`) against its animal's `freshHours` from the catalogue, and by its votes.
 */
import { animalByKey, votedGone, type Alert } from '@wildalert/shared';

const HOUR = 3_600_000;

/** Until this share of its animal's freshHours an alert is fresh (full strength); then it fades. */
const FADES_FROM = 0.5;
/** The fading marker's opacity, step by step through the rest of freshHours (few steps: few icons). */
const FADE_STEPS = [0.85, 0.7, 0.55] as const;

export interface AlertAge {
  /**
   * `fresh`: just seen; `fading`: growing old; `past`: probably out of date (its animal's
   * freshHours have passed since it was last seen, or "gone" outweighs the sighting: votedGone).
   */
  state: 'fresh' | 'fading' | 'past';
  /** The marker's opacity: 1 while fresh, lower step by step as it fades. */
  opacity: number;
}

export type AgeingFacts = Pick<Alert, 'animal' | 'lastSeenAt' | 'stillThere' | 'gone'>;

export function alertAge(alert: AgeingFacts, now: number): AlertAge {
  const freshMs = animalByKey(alert.animal).freshHours * HOUR;
  // A time slightly in the future (the server's clock ahead of this one) counts as just now.
  const elapsed = Math.max(0, now - Date.parse(alert.lastSeenAt));
  if (votedGone(alert) || !(elapsed < freshMs)) return { state: 'past', opacity: 1 };
  const fadesFrom = freshMs * FADES_FROM;
  if (elapsed < fadesFrom) return { state: 'fresh', opacity: 1 };
  // In whole milliseconds, so that each step starts on the hour it should (no rounding below it).
  const step = Math.min(FADE_STEPS.length - 1, Math.floor(((elapsed - fadesFrom) * FADE_STEPS.length) / (freshMs - fadesFrom)));
  return { state: 'fading', opacity: FADE_STEPS[step]! };
}

/** Whether an alert is probably out of date. */
export function isPast(alert: AgeingFacts, now: number): boolean {
  return alertAge(alert, now).state === 'past';
}
