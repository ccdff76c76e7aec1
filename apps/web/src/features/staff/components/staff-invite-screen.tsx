/**
 * An invite's link (/staff/invite#<token>): the token leaves the address at once; the screen says
 * whom the invite is for and with which role, and "Create passkey" makes the account, its first
 * passkey and a session, then opens the person's everyday screen.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../i18n/i18n.ts';
import { shortDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useInviteCheck, useRegister } from '../api/invites.ts';
import { forgetInviteToken, useInviteToken } from '../hooks/invite-token.ts';
import { afterSignIn } from './after-sign-in.ts';
import { failureMessage } from './failure-messages.ts';
import { Loading, StaffPage } from './staff-parts.tsx';

export default function StaffInviteScreen() {
  useDocumentTitle(t('staff.invite.title'));
  const token = useInviteToken();
  const check = useInviteCheck(token);
  const register = useRegister();
  const navigate = useNavigate();
  const [passkeyName, setPasskeyName] = useState('');
  // The invite's name until the person writes their own (the first admin's invite says only "Admin").
  const [ownName, setOwnName] = useState<string | null>(null);
  const supported = browserSupportsWebAuthn();

  let body;
  if (token === null) {
    body = <Alert severity="warning">{t('staff.invite.noToken')}</Alert>;
  } else if (check.isPending) {
    body = <Loading />;
  } else if (check.isError) {
    body = (
      <Alert severity="error" role="alert">
        {failureMessage(check.error, 'invite')}
      </Alert>
    );
  } else {
    const invite = check.data;
    const name = (ownName ?? invite.name).trim();
    const create = () =>
      register.mutate(
        { token, name: name !== invite.name && name !== '' ? name : undefined, passkeyName: passkeyName.trim() },
        {
          onSuccess: (me) => {
            forgetInviteToken();
            void navigate(afterSignIn(me, null), { replace: true });
          },
        },
      );
    body = (
      <>
        <Typography>
          {t('staff.invite.for', { name: invite.name, role: t(`staff.role.${invite.role}`) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('staff.invite.validUntil', { when: shortDateTime(invite.expiresAt) })}
        </Typography>
        <Typography>{t('staff.invite.passkeyExplained')}</Typography>
        {!supported && <Alert severity="warning">{t('staff.failure.unsupported')}</Alert>}
        <TextField
          label={t('staff.invite.nameLabel')}
          helperText={t('staff.invite.nameHelp')}
          value={ownName ?? invite.name}
          onChange={(e) => setOwnName(e.target.value)}
          required
          autoComplete="name"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label={t('staff.passkeys.nameLabel')}
          helperText={t('staff.passkeys.nameHelp')}
          value={passkeyName}
          onChange={(e) => setPasskeyName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button variant="contained" size="large" disabled={!supported || register.isPending || name === ''} onClick={create} sx={{ minHeight: 48 }}>
          {register.isPending ? t('staff.invite.creating') : t('staff.invite.create')}
        </Button>
        {register.isError && (
          <Alert severity="error" role="alert">
            {failureMessage(register.error, 'invite')}
          </Alert>
        )}
      </>
    );
  }
  return (
    <StaffPage>
      <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h5" component="h1">
          {t('staff.invite.title')}
        </Typography>
        {body}
        <Button component={RouterLink} to={paths.staffSignIn} sx={{ alignSelf: 'flex-start' }}>
          {t('staff.invite.haveAccount')}
        </Button>
      </Paper>
    </StaffPage>
  );
}
