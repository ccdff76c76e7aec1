/** "Is it still there?": a network's vote on an alert, published when it changes the counts. */
import type { Vote } from '@wildalert/shared';
import type { VotesRepository } from '../repositories/votes-repository.ts';
import type { AlertChanges } from './alert-changes.ts';

export function votesService({ votes, changes, perDay }: { votes: VotesRepository; changes: AlertChanges; perDay: number }) {
  return {
    /** See VotesRepository.vote; open maps and caches hear of new counts before this resolves. */
    async vote(alertId: string, network: string, vote: Vote) {
      const result = await votes.vote(alertId, network, vote, perDay);
      if (result && 'changed' in result && result.changed) await changes.published();
      return result;
    },
  };
}

export type VotesService = ReturnType<typeof votesService>;
