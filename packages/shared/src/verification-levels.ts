/** The verification levels and their codes (issue 35), without TypeBox: the map's bundle imports them. */

export const VERIFICATION_LEVELS = ['unverified', 'likely', 'confirmed', 'corrected', 'rejected'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** What set a level: automatic evidence (likely), or a person (the rest). */
export const VERIFICATION_BY = ['photo', 'still-there', 'independent-report', 'organisation', 'moderator'] as const;

/** Why a moderator rejected a report. */
export const REJECTION_REASONS = ['not-wild', 'hoax', 'other'] as const;

/** The plausibility checks a new report may fail: each holds it back from area alerts until it is likely or confirmed. */
export const PLAUSIBILITY_CHECKS = ['unexpected-in-city-centre', 'unusual-count', 'rare-first-from-network'] as const;
export type PlausibilityCheck = (typeof PLAUSIBILITY_CHECKS)[number];

/** Levels a "likely and confirmed only" subscriber or map is shown. */
export const TRUSTED_LEVELS: readonly VerificationLevel[] = ['likely', 'confirmed', 'corrected'];
