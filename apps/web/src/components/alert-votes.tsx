/**
 * "Nadal tu jest" / "Już go nie ma" under an alert's popup (issue 19): what passers-by said so
 * far ("Potwierdzone 2× · ostatnio 5 minut temu"), whether it is probably out of date, and the
 * visitor's own vote, which they may change. The counts change in place as votes arrive, the
 * visitor's own or, over the live stream, anyone's. The device that reported the alert is not
 * asked to confirm its own sighting (issue 34): it sees what others said, if anything.
 */
import './alert-votes.css';
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Alert, Vote } from '@wildalert/shared';
import { t, type MessageKey } from '../i18n/i18n.ts';
import { isPast } from '../lib/alert-age.ts';
import { refreshTally, useMyVote, useTally, voteFailure, voteOnAlert, type Tally } from '../lib/alert-votes.ts';
import { relativeTime } from '../lib/format.ts';
import { useIsMyReport } from '../lib/my-reports.ts';
import { useNow } from '../lib/use-now.ts';

const CHOICES: ReadonlyArray<[Vote, MessageKey]> = [
  ['still-there', 'votes.stillThere'],
  ['gone', 'votes.gone'],
];

export function AlertVotes({ alert }: { alert: Alert }) {
  const now = useNow();
  const tally = useTally(alert);
  const mine = useMyVote(alert.id);
  // Sent at once, online or not: offline, the visitor hears so now (not a vote sent much later).
  const vote = useMutation({ mutationFn: (choice: Vote) => voteOnAlert(alert.id, choice), networkMode: 'always' });
  const past = isPast({ ...tally, animal: alert.animal }, now);
  const reporter = useIsMyReport(alert.id);
  const said = votesLine(tally, now);
  useEffect(() => {
    const request = new AbortController();
    // Without an answer, the counts stay as the map had them.
    refreshTally(alert.id, request.signal).catch(() => undefined);
    return () => request.abort();
  }, [alert.id]);
  return (
    <div className="wa-votes" data-testid="alert-votes">
      {past && (
        <p className="wa-votes-past wa-past-clock" data-testid="alert-past">
          {t('age.past')}
        </p>
      )}
      {/* Read out when the counts change (a vote here or elsewhere); the reporter hears no question. */}
      <p className="wa-votes-line" aria-live="polite" data-testid="alert-votes-line">
        {said ?? (reporter ? '' : t('votes.question'))}
      </p>
      {!reporter && (
        <div className="wa-votes-choices" role="group" aria-label={t('votes.question')}>
          {CHOICES.map(([choice, label]) => (
            <button
              key={choice}
              type="button"
              className="wa-votes-choice"
              aria-pressed={mine === choice}
              disabled={vote.isPending}
              onClick={() => {
                // The same vote again changes nothing: not sent.
                if (mine !== choice) vote.mutate(choice);
              }}
            >
              {t(label)}
            </button>
          ))}
        </div>
      )}
      {vote.isError && (
        <p className="wa-votes-error" role="alert">
          {voteFailure(vote.error, 'votes')}
        </p>
      )}
    </div>
  );
}

/** "Potwierdzone 2× · ostatnio 5 minut temu · 1 głos „już go nie ma”": the parts that apply; undefined before any vote. */
function votesLine({ stillThere, gone, lastSeenAt }: Tally, now: number): string | undefined {
  const parts: string[] = [];
  if (stillThere > 0) parts.push(t('votes.confirmed', { count: stillThere }), t('votes.lastSeen', { when: relativeTime(lastSeenAt, now) }));
  if (gone > 0) parts.push(t('votes.goneCount', { count: gone }));
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
