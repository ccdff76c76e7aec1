/**
 * An alert's official status (issue 33) in the popup and the list: one line saying who took
 * which step and when, and the organisation's public note under it. Nothing until one acted.
 */
import type { Alert } from '@wildalert/shared';
import { officialStatusLine } from '../lib/format.ts';

interface OfficialStatusProps {
  status: Alert['officialStatus'];
  now: number;
  /** The element each line is: a paragraph in the popup, a span inside the list's link. */
  as?: 'p' | 'span';
  className?: string;
}

export function OfficialStatus({ status, now, as: Line = 'p', className = 'wa-official' }: OfficialStatusProps) {
  // An older API's answer has no such field: the same as none.
  if (!status) return null;
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
