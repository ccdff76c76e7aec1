/** The SQL of "is it still there?": one vote per alert and network, the alert's counts recounted with each. */
import type { Vote, VoteResponse } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { utc } from './alert-json.ts';
import { recordAlertEvent } from './events-repository.ts';

export interface VoteResult {
  tally: VoteResponse['data'];
  /** False when this network had voted on the alert before (the same vote, or changed now). */
  created: boolean;
  /** Whether the alert's counts changed: open maps and caches must hear of it. */
  changed: boolean;
}

export function votesRepository(db: Database) {
  return {
    /**
     * Records `network`'s vote on a shown alert, replacing an earlier different one (the same
     * again changes nothing); undefined when no such alert is shown. The alert's row is locked, so votes at once recount one after another.
     */
    vote(alertId: string, network: string, vote: Vote): Promise<VoteResult | undefined> {
      return db.transaction(async (tx) => {
        const shown = await tx.query<{ still_there: number; gone: number }>(
          'SELECT still_there, gone FROM alerts WHERE id = $1 AND NOT hidden FOR UPDATE',
          [alertId],
        );
        if (!shown[0]) return undefined;
        const [earlier] = await tx.query<{ vote: Vote }>('SELECT vote FROM alert_votes WHERE alert_id = $1 AND network = $2', [alertId, network]);
        await tx.query(
          `INSERT INTO alert_votes (alert_id, network, vote) VALUES ($1, $2, $3)
           ON CONFLICT (alert_id, network) DO UPDATE SET vote = EXCLUDED.vote, voted_at = now()
           WHERE alert_votes.vote <> EXCLUDED.vote`,
          [alertId, network, vote],
        );
        const [tally] = await tx.query<VoteResult['tally']>(
          `UPDATE alerts a SET
             still_there = v.still_there, gone = v.gone, last_confirmed_at = v.last_confirmed_at
           FROM (SELECT count(*) FILTER (WHERE vote = 'still-there')::int AS still_there,
                        count(*) FILTER (WHERE vote = 'gone')::int AS gone,
                        max(voted_at) FILTER (WHERE vote = 'still-there') AS last_confirmed_at
                 FROM alert_votes WHERE alert_id = $1) v
           WHERE a.id = $1
           RETURNING a.id AS "alertId", $2::text AS vote, a.still_there AS "stillThere", a.gone,
                     ${utc('coalesce(a.last_confirmed_at, a.created_at)')} AS "lastSeenAt"`,
          [alertId, vote],
        );
        // A network's repeated vote counts once and changes nothing, not even when it was cast.
        const changed = earlier?.vote !== vote;
        if (changed) await recordAlertEvent(tx, alertId, 'changed');
        return { tally: tally!, created: !earlier, changed };
      });
    },
  };
}

export type VotesRepository = ReturnType<typeof votesRepository>;
