/**
 * "Moje zgłoszenia" (issue 34): the alerts this device sent, the newest first, each with its
 * state as the server tells it now (how far it is trusted, what the city's services did, how
 * many confirmed it, or that it is no longer on the map) and the offer to follow it. The list is
 * the device's own (lib/my-reports.ts): no account, nothing sent to the server but each alert's
 * public read.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Alert } from '@wildalert/shared';
import { LazyFollowReport } from '../../../components/lazy-follow-report.tsx';
import { LazyOfficialStatus } from '../../../components/lazy-official-status.tsx';
import { LazyVerification } from '../../../components/lazy-verification.tsx';
import { alertPath, paths } from '../../../config/paths.ts';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { alertQuery } from '../../../lib/get-alert.ts';
import { fullDateTime, placeLine, relativeTime, sightingLine } from '../../../lib/format.ts';
import { useMyReports } from '../../../lib/my-reports.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNow } from '../../../lib/use-now.ts';

export default function MyReportsScreen() {
  useDocumentTitle(t('myReports.title'));
  const reports = useMyReports();
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', px: 1.5, pt: 2, pb: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('myReports.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('myReports.intro')}
      </Typography>
      {reports.length === 0 ? (
        <Typography>
          {t('myReports.empty')}{' '}
          <Button component={Link} to={paths.addAlert} variant="contained" sx={{ mt: 1 }}>
            {t('myReports.add')}
          </Button>
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {reports.map(({ alertId, report }) => (
            <Box component="li" key={alertId} sx={{ mb: 1.5 }}>
              <MyReportItem alertId={alertId} sentAt={report.at} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One report's card; while it loads, about as tall as a short loaded one, so that the list below jumps less. */
function Card({ label, busy, children }: { label?: string; busy?: boolean; children: ReactNode }) {
  return (
    <Paper component="article" variant="outlined" aria-labelledby={label} aria-busy={busy} sx={{ p: 1.5, minHeight: busy ? 160 : undefined, overflowWrap: 'anywhere' }}>
      {children}
    </Paper>
  );
}

function MyReportItem({ alertId, sentAt }: { alertId: string; sentAt: string }) {
  const now = useNow();
  const { data, error, isPending, refetch } = useQuery(alertQuery(alertId));
  const sent = sentAt !== '' && (
    <Typography component="time" variant="body2" color="text.secondary" dateTime={sentAt} title={fullDateTime(sentAt)} sx={{ display: "block" }}>
      {t('myReports.sent', { when: relativeTime(sentAt, now) })}
    </Typography>
  );
  if (isPending) {
    return (
      <Card busy>
        <Typography role="status" color="text.secondary">
          {t('myReports.loading')}
        </Typography>
        {sent}
      </Card>
    );
  }
  if (error) {
    // Hidden by a moderator (or after abuse reports): the server answers as if it never was.
    const gone = error instanceof ApiError && error.status === 404;
    const offline = error instanceof ApiError && error.kind === 'network';
    return (
      <Card>
        <Typography role={gone ? undefined : 'alert'}>{t(gone ? 'myReports.gone' : offline ? 'myReports.offline' : 'myReports.failed')}</Typography>
        {sent}
        {!gone && (
          <Button variant="outlined" onClick={() => void refetch()} sx={{ mt: 1, minHeight: 44 }}>
            {t('myReports.retry')}
          </Button>
        )}
      </Card>
    );
  }
  return <MyReportCard alert={data.data} now={now} sent={sent} />;
}

function MyReportCard({ alert, now, sent }: { alert: Alert; now: number; sent: ReactNode }) {
  const seen = sightingLine(alert);
  const heading = `wa-mine-${alert.id}`;
  return (
    <Card label={heading}>
      <Typography variant="h6" component="h2" id={heading}>
        {animalNameOf(alert.animal)}
      </Typography>
      {seen !== '' && <Typography>{seen}</Typography>}
      {alert.comments !== '' && <Typography sx={{ fontStyle: 'italic' }}>{alert.comments}</Typography>}
      {alert.place && <Typography>{placeLine(alert.place)}</Typography>}
      {sent}
      <Box sx={{ my: 1, '& p': { my: 0.25 } }}>
        {alert.verification.level === 'unverified' ? <Typography>{t('myReports.unverified')}</Typography> : <LazyVerification verification={alert.verification} animal={alert.animal} />}
        {alert.officialStatus ? <LazyOfficialStatus status={alert.officialStatus} now={now} /> : <Typography>{t('myReports.noAnswer')}</Typography>}
        {alert.stillThere > 0 && <Typography>{t('myReports.stillThere', { count: alert.stillThere })}</Typography>}
      </Box>
      <Button component={Link} to={alertPath(alert.id)} sx={{ minHeight: 44, mb: 0.5, px: 1 }}>
        {t('myReports.showOnMap')}
      </Button>
      <LazyFollowReport alertId={alert.id} />
    </Card>
  );
}
