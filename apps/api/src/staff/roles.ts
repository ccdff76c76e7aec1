/** Staff roles, lowest first: a higher role may do all that a lower one may. */
export const ROLES = ['responder', 'moderator', 'admin'] as const;

export type Role = (typeof ROLES)[number];

/** Whether `role` may do what `needed` may. */
export const allows = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** The lower of two roles: an API token never does more than its owner may now. */
export const lower = (a: Role, b: Role): Role => (allows(a, b) ? b : a);
