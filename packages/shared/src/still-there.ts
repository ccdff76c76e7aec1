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

/** Whether the "gone" votes outweigh the sighting: the alert is probably out of date, however fresh. */
export function votedGone({ stillThere, gone }: VoteCounts): boolean {
  return gone > stillThere;
}
