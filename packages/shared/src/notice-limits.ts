/** The limits of an official notice (notices.ts), without TypeBox: the staff form reads them too. */

/** Characters of a notice's text, per language: a notification's and a banner's worth. */
export const NOTICE_TEXT_MAX = 300;
/** The largest circle a notice may cover (and the largest polygon, by area): a district, not the city. */
export const NOTICE_RADIUS_MAX_KM = 20;
/** The longest a notice may be in force: a week; a longer matter is not a notice. */
export const NOTICE_DAYS_MAX = 7;
