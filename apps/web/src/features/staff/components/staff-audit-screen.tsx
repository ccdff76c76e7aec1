/** The audit log (/staff/audit, admin): every staff action with its person and time, newest first, older pages on demand. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { t, type MessageKey } from '../../../i18n/i18n.ts';
import { fullDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuditLog, type AuditEntry } from '../api/audit.ts';
import { failureMessage } from './failure-messages.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, QueryState, StaffPage } from './staff-parts.tsx';

/** The actions the server writes (docs/staff-accounts.md), in words; one it adds later shows as its code. */
const ACTIONS: Record<string, MessageKey> = {
  'signed-in': 'staff.audit.action.signedIn',
  'signed-out': 'staff.audit.action.signedOut',
  'signed-out-everywhere': 'staff.audit.action.signedOutEverywhere',
  'invite-created': 'staff.audit.action.inviteCreated',
  'invite-revoked': 'staff.audit.action.inviteRevoked',
  'account-created': 'staff.audit.action.accountCreated',
  'role-changed': 'staff.audit.action.roleChanged',
  'account-disabled': 'staff.audit.action.accountDisabled',
  'account-enabled': 'staff.audit.action.accountEnabled',
  'passkey-added': 'staff.audit.action.passkeyAdded',
  'passkey-removed': 'staff.audit.action.passkeyRemoved',
  'token-created': 'staff.audit.action.tokenCreated',
  'token-revoked': 'staff.audit.action.tokenRevoked',
  'alert-hidden': 'staff.audit.action.alertHidden',
  'alert-restored': 'staff.audit.action.alertRestored',
  'photo-hidden': 'staff.audit.action.photoHidden',
};

function actionName(action: string): string {
  const key = ACTIONS[action];
  return key ? t(key) : action;
}

/** The details as "role: moderator · method: passkey": short facts, not a JSON dump. */
function detailsLine(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

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
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
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
