/**
 * "Is it still there?": when passers-by's votes draw an alert as past (issue 19), the one rule the
 * map, its list and popups follow and the API's documentation states. No TypeBox here, so the
 * map's bundle can import it without the schemas.
 */

/** An alert's votes: networks that said the animal is still there, and networks that said it has gone. */
export interface VoteCounts {
  stillThere: number;
  gone: number;
}

/**
 * The report itself is its reporter's "still there": someone saw the animal there, so a new alert
 * starts with one voice for it (not counted in `stillThere`, which stays the passers-by's votes).
 */
export const REPORT_COUNTS_AS = 1;

/**
 * How many networks' "gone" must exceed the sighting's voices by: 2, so that against a lone report
 * it takes three independent networks, as many as it takes to hide an alert by abuse reports. One
 * network (a bot on the live stream) or two cannot grey out a new alert, and the animal's own time
 * (`freshHours`) retires it anyway when nobody votes.
 */
export const GONE_MARGIN = 2;

/** Whether the "gone" votes outweigh the sighting: the alert is probably out of date, however fresh. */
export function votedGone({ stillThere, gone }: VoteCounts): boolean {
  return gone - (stillThere + REPORT_COUNTS_AS) >= GONE_MARGIN;
}
