/**
 * The SQL of "is it still there?": one vote per alert and network, the alert's counts recounted
 * with each, and each network's daily budget of alerts to vote on.
 */
import type { Vote, VoteResponse } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { utc } from './alert-json.ts';
import { recordAlertEvent } from './events-repository.ts';
import { refreshLikely } from './verification-repository.ts';

/** Any number, the same in every instance: with the network's hash, orders one network's votes, so its budget holds. */
const VOTE_BUDGET_LOCK = 488_606_393;

export interface VoteResult {
  tally: VoteResponse['data'];
  /** False when this network had voted on the alert before (the same vote, or changed now). */
  created: boolean;
  /** Whether the alert's counts changed: open maps and caches must hear of it. */
  changed: boolean;
}

/** The network has voted on its budget of alerts in the last 24 hours: nothing was stored. */
export interface BudgetSpent {
  /** Seconds until its oldest vote of those is 24 hours old and it may vote on another alert. */
  retryAfterSeconds: number;
}

export function votesRepository(db: Database) {
  return {
    /**
     * Records `network`'s vote on a shown alert, replacing an earlier different one (the same
     * again changes nothing and spends nothing); undefined when no such alert is shown. A vote on
     * an alert the network has not voted on in the last 24 hours spends one of its
     * `perDay`; with none left it is refused (BudgetSpent). The alert's row is locked, so votes
     * at once recount one after another.
     */
    vote(alertId: string, network: string, vote: Vote, perDay: number): Promise<VoteResult | BudgetSpent | undefined> {
      return db.transaction(async (tx) => {
        const shown = await tx.query('SELECT 1 FROM alerts WHERE id = $1 AND NOT hidden FOR UPDATE', [alertId]);
        if (!shown[0]) return undefined;
        const [earlier] = await tx.query<{ vote: Vote }>('SELECT vote FROM alert_votes WHERE alert_id = $1 AND network = $2', [alertId, network]);
        if (earlier?.vote === vote) {
          // Counted already: changes nothing, not even when it was cast.
          const [tally] = await tx.query<VoteResult['tally']>(
            `SELECT a.id AS "alertId", $2::text AS vote, a.still_there AS "stillThere", a.gone,
                    ${utc('coalesce(a.last_confirmed_at, a.created_at)')} AS "lastSeenAt"
             FROM alerts a WHERE a.id = $1`,
            [alertId, vote],
          );
          return { tally: tally!, created: false, changed: false };
        }
        // Votes of one network on different alerts (from several instances) read and spend its
        // budget one after another.
        await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [VOTE_BUDGET_LOCK, network]);
        // This alert's own vote of the last 24 hours, if any, was paid for: changing it is free.
        const [spent] = await tx.query<{ n: number; retry_after: number | null }>(
          `SELECT count(*)::int AS n,
                  ceil(extract(epoch FROM min(voted_at) + interval '24 hours' - now()))::int AS retry_after
           FROM alert_votes
           WHERE network = $1 AND alert_id <> $2 AND voted_at > now() - interval '24 hours'`,
          [network, alertId],
        );
        if (spent!.n >= perDay) return { retryAfterSeconds: Math.max(1, spent!.retry_after ?? 1) };
        await tx.query(
          `INSERT INTO alert_votes (alert_id, network, vote) VALUES ($1, $2, $3)
           ON CONFLICT (alert_id, network) DO UPDATE SET vote = EXCLUDED.vote, voted_at = now()`,
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
        // "Still there" from another network than the reporter's makes it likely; changed back, maybe no longer.
        await refreshLikely(tx, alertId);
        await recordAlertEvent(tx, alertId, 'changed');
        return { tally: tally!, created: !earlier, changed: true };
      });
    },
  };
}

export type VotesRepository = ReturnType<typeof votesRepository>;
