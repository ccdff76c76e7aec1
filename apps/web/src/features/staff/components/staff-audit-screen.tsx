/** The audit log (/staff/audit, admin): every staff action with its person and time, newest first, older pages on demand. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { t } from '../../../i18n/i18n.ts';
import { fullDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuditLog } from '../api/audit.ts';
import { actionName, detailsLine } from './audit-words.ts';
import { failureMessage } from './failure-messages.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, QueryState, StaffPage } from './staff-parts.tsx';

export default function StaffAuditScreen() {
  useDocumentTitle(t('staff.audit.title'));
  return <StaffLayout role="admin">{() => <AuditLog />}</StaffLayout>;
}

function AuditLog() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.data);
  return (
    <StaffPage>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
        {t('staff.audit.title')}
      </Typography>
      <QueryState query={{ ...log, data: entries }} empty={t('staff.audit.empty')}>
        <CardList label={t('staff.audit.title')}>
          {entries?.map((entry) => (
            <Paper component="li" variant="outlined" key={entry.id} sx={{ p: 1.5 }} data-testid="audit-entry">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline' }}>
                <Typography sx={{ fontWeight: 600 }}>{actionName(entry.action)}</Typography>
                <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.at}>
                  {fullDateTime(entry.at)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('staff.audit.by', { actor: entry.actor })}
                {entry.subject ? ` · ${t('staff.audit.subject', { subject: entry.subject })}` : ''}
              </Typography>
              {detailsLine(entry.details) !== '' && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {detailsLine(entry.details)}
                </Typography>
              )}
            </Paper>
          ))}
        </CardList>
        <Box sx={{ mt: 2, minHeight: 44, display: 'flex', alignItems: 'center' }}>
          {log.hasNextPage ? (
            <Button variant="outlined" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              {log.isFetchingNextPage ? t('staff.loading') : t('staff.audit.more')}
            </Button>
          ) : (
            <Typography color="text.secondary">{t('staff.audit.end')}</Typography>
          )}
        </Box>
        {log.isFetchNextPageError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failureMessage(log.error, 'other')}
          </Alert>
        )}
      </QueryState>
    </StaffPage>
  );
}
