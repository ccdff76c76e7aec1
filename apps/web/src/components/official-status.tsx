/**
 * An alert's official status (issue 33) in the popup and the list: one line saying who took
 * which step and when, and the organisation's public note under it. Loaded with its messages
 * only when an alert has one (lazy-official-status.tsx): the map's first visit carries neither.
 */
import type { OfficialStatus as Status, Outcome } from '@wildalert/shared';
import { language, t, type MessageKey } from '../i18n/i18n.ts';
import { clockTime } from '../lib/format.ts';

/**
 * "Straż Miejska: w drodze · 14:05", "Straż Miejska: zakończone — odłowione lub przepędzone ·
 * 23.11, 14:05": the organisation in the visitor's language (else Polish), its step (with the
 * outcome once resolved), and when, in the visitor's clock. Steps and outcomes this app does not
 * know yet (a newer API) are said as plainly as it can.
 */
/** Each outcome's words (the type checks that every outcome has them); a newer API's code has none. */
const OUTCOME_WORDS: Record<Outcome, MessageKey> = {
  'caught-or-moved': 'official.outcome.caught-or-moved',
  'not-found': 'official.outcome.not-found',
  'left-by-itself': 'official.outcome.left-by-itself',
  'handed-over': 'official.outcome.handed-over',
  'dead-animal-collected': 'official.outcome.dead-animal-collected',
  'collected-for-testing': 'official.outcome.collected-for-testing',
};

export function officialStatusLine(status: NonNullable<Status>, now: number): string {
  const organisation = status.organisation[language()] ?? status.organisation.pl;
  const step =
    status.status === 'acknowledged' || status.status === 'on-the-way'
      ? t(`official.status.${status.status}`)
      : status.outcome !== null && Object.hasOwn(OUTCOME_WORDS, status.outcome)
        ? t('official.resolvedAs', { outcome: t(OUTCOME_WORDS[status.outcome]) })
        : t('official.status.resolved');
  const at = Date.parse(status.at);
  return Number.isNaN(at) ? `${organisation}: ${step}` : `${organisation}: ${step} · ${clockTime(at, now)}`;
}

export interface OfficialStatusProps {
  status: NonNullable<Status>;
  now: number;
  /** The element each line is: a paragraph in the popup, a span inside the list's link. */
  as?: 'p' | 'span';
  className?: string;
}

export function OfficialStatus({ status, now, as: Line = 'p', className = 'wa-official' }: OfficialStatusProps) {
  return (
    <>
      <Line className={className} data-testid="official-status" data-status={status.status}>
        <time dateTime={status.at}>{officialStatusLine(status, now)}</time>
      </Line>
      {status.note !== null && status.note !== '' && (
        <Line className={`${className}-note`} data-testid="official-note">
          {status.note}
        </Line>
      )}
    </>
  );
}
