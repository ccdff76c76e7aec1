/** "Zgłoś nadużycie" under a popup: one tap, then a thank-you or why it failed. */
import { useMutation } from '@tanstack/react-query';
import { pl, inTimePl } from '../../../i18n/pl.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { reportAbuse } from '../api/report-abuse.ts';

export function ReportAbuse({ alertId }: { alertId: string }) {
  const report = useMutation({ mutationFn: () => reportAbuse(alertId) });
  if (report.isSuccess) {
    return (
      <p className="wa-report-note" role="status">
        {pl.abuseReport.done}
      </p>
    );
  }
  return (
    <div className="wa-report">
      <button type="button" className="wa-report-button" onClick={() => report.mutate()} disabled={report.isPending}>
        {report.isPending ? pl.abuseReport.sending : pl.abuseReport.action}
      </button>
      {report.isError && (
        <p className="wa-report-note wa-report-note--error" role="alert">
          {failure(report.error)}
        </p>
      )}
    </div>
  );
}

function failure(error: Error): string {
  if (!(error instanceof ApiError)) return pl.abuseReport.failed;
  if (error.status === 404) return pl.abuseReport.gone;
  if (error.status === 429) {
    return pl.abuseReport.tooMany(error.retryAfterSeconds === undefined ? undefined : inTimePl(error.retryAfterSeconds));
  }
  return pl.abuseReport.failed;
}
