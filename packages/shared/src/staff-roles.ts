/** Staff roles, lowest first: a higher role may do all that a lower one may (API and web app alike). */
export const STAFF_ROLES = ['responder', 'moderator', 'admin'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether `role` may do what `needed` may. */
export const roleAllows = (role: StaffRole, needed: StaffRole): boolean => STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);

/** The lower of two roles: an API token never does more than its owner may now. */
export const lowerRole = (a: StaffRole, b: StaffRole): StaffRole => (roleAllows(a, b) ? b : a);
