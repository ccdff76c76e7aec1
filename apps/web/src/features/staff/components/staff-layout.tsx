/**
 * What every signed-in staff screen has: the gate (loading, not signed in → the way to sign in,
 * a role too low → not allowed) and, once through, the staff navigation above the screen.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { t, type MessageKey } from '../../../i18n/i18n.ts';
import { roleAllows, type StaffRole } from '@wildalert/shared';
import { useStaffMe, type StaffMe } from '../../../lib/staff-session.ts';
import { useSignOut } from '../api/sign-in.ts';
import { failureMessage } from './failure-messages.ts';
import { Loading, StaffPage } from './staff-parts.tsx';

export function StaffLayout({ role, children }: { role: StaffRole; children(me: StaffMe): ReactNode }) {
  const me = useStaffMe();
  const { pathname } = useLocation();
  if (me.isPending) return <Loading tall />;
  if (me.isError)
    return (
      <StaffPage>
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" onClick={() => void me.refetch()}>
              {t('staff.retry')}
            </Button>
          }
        >
          {failureMessage(me.error, 'other')}
        </Alert>
      </StaffPage>
    );
  if (me.data === null)
    return (
      <StaffPage>
        <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: { xs: 2, sm: 3 }, mt: { xs: 1, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <Typography variant="h5" component="h1">
            {t('staff.gate.signedOutTitle')}
          </Typography>
          <Typography>{t('staff.gate.signedOut')}</Typography>
          <Button variant="contained" component={RouterLink} to={`${paths.staffSignIn}?next=${encodeURIComponent(pathname)}`} sx={{ px: 4 }}>
            {t('staff.gate.signIn')}
          </Button>
        </Paper>
      </StaffPage>
    );
  const allowed = roleAllows(me.data.role, role);
  return (
    <>
      <StaffNav me={me.data} />
      {allowed ? (
        children(me.data)
      ) : (
        <StaffPage>
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('staff.gate.notAllowed', { role: t(`staff.role.${me.data.role}`), needed: t(`staff.role.${role}`) })}
          </Alert>
        </StaffPage>
      )}
    </>
  );
}

const LINKS: Array<{ to: string; label: MessageKey; role: StaffRole; end?: false }> = [
  { to: paths.staffInbox, label: 'staff.nav.inbox', role: 'responder' },
  { to: paths.staffNotices, label: 'staff.nav.notices', role: 'responder' },
  { to: paths.staffDashboard, label: 'staff.nav.dashboard', role: 'responder' },
  { to: paths.moderation, label: 'staff.nav.moderation', role: 'moderator' },
  // Its own forms (/staff/organisations/…) keep it the current one.
  { to: paths.staffOrganisations, label: 'staff.nav.organisations', role: 'admin', end: false },
  { to: paths.staffPeople, label: 'staff.nav.people', role: 'admin' },
  { to: paths.staffAudit, label: 'staff.nav.audit', role: 'admin' },
  { to: paths.staffAccount, label: 'staff.nav.account', role: 'responder' },
];

/** The staff's own navigation, only on their screens: what the person's role may open, and signing out. */
function StaffNav({ me }: { me: StaffMe }) {
  const signOut = useSignOut(me);
  const navigate = useNavigate();
  return (
    <Box component="nav" aria-label={t('staff.nav.label')} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}>
      <Box
        component="ul"
        sx={{ maxWidth: 960, mx: 'auto', px: 1, py: 0.5, my: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}
      >
        {LINKS.filter((link) => roleAllows(me.role, link.role)).map((link) => (
          <li key={link.to}>
            <Button
              component={NavLink}
              to={link.to}
              end={link.end ?? true}
              sx={{ px: 1.5, color: 'text.primary', '&[aria-current="page"]': { fontWeight: 700, boxShadow: 'inset 0 -3px 0 var(--wa-primary)', borderRadius: 0 } }}
            >
              {t(link.label)}
            </Button>
          </li>
        ))}
        <Box component="li" sx={{ ml: 'auto' }}>
          <Button
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(false, { onSuccess: () => void navigate(paths.staffSignIn, { replace: true }) })}
            sx={{ px: 1.5 }}
          >
            {t('staff.signOut')}
          </Button>
        </Box>
      </Box>
      {signOut.isError && (
        <Alert severity="error" sx={{ maxWidth: 960, mx: 'auto', mb: 1 }}>
          {failureMessage(signOut.error, 'other')}
        </Alert>
      )}
    </Box>
  );
}
