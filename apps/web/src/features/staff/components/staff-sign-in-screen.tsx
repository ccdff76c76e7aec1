/**
 * Staff sign-in (/staff/sign-in): a passkey, usernameless (the authenticator offers the accounts
 * it holds for this site), and the city's single sign-on when the server is connected to one.
 * A single sign-on failure comes back as `?error=<code>`, said here in words.
 */
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { t } from '../../../i18n/i18n.ts';
import { useStaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SSO_START, useSignIn, useSignInMethods } from '../api/sign-in.ts';
import { afterSignIn } from './after-sign-in.ts';
import { failureMessage, signInErrorMessage } from './failure-messages.ts';
import { Loading, StaffPage } from './staff-parts.tsx';

export default function StaffSignInScreen() {
  useDocumentTitle(t('staff.signIn.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const methods = useSignInMethods();
  const me = useStaffMe();
  const signIn = useSignIn();
  const ssoError = signInErrorMessage(params.get('error'));
  const next = params.get('next');
  const supported = browserSupportsWebAuthn();
  const sso = methods.data?.sso ?? null;
  // The card is drawn whole once the server said which methods it has (and who is signed in):
  // nothing appears in it afterwards to push the rest down. Unanswered, the passkey is still there.
  if (methods.isPending || me.isPending) return <Loading tall />;
  return (
    <StaffPage>
      <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h5" component="h1">
          {t('staff.signIn.title')}
        </Typography>
        <Typography color="text.secondary">{t('staff.signIn.intro')}</Typography>
        {ssoError && (
          <Alert severity="error" role="alert">
            {ssoError}
          </Alert>
        )}
        {me.data && (
          <Alert
            severity="info"
            // A fact, not a warning: announced politely (MUI gives every Alert role="alert").
            role="status"
            action={
              <Button color="inherit" component={RouterLink} to={afterSignIn(me.data, next)}>
                {t('staff.signIn.continue')}
              </Button>
            }
          >
            {t('staff.signIn.already', { name: me.data.name })}
          </Alert>
        )}
        {!supported && <Alert severity="warning">{t('staff.failure.unsupported')}</Alert>}
        <Button
          variant="contained"
          size="large"
          disabled={!supported || signIn.isPending}
          onClick={() => signIn.mutate(undefined, { onSuccess: (who) => void navigate(afterSignIn(who, next), { replace: true }) })}
          sx={{ minHeight: 48 }}
        >
          {signIn.isPending ? t('staff.signIn.waiting') : t('staff.signIn.passkey')}
        </Button>
        {signIn.isError && (
          <Alert severity="error" role="alert">
            {failureMessage(signIn.error, 'sign-in')}
          </Alert>
        )}
        {sso && (
          <>
            <Divider>{t('staff.signIn.or')}</Divider>
            <Button variant="outlined" size="large" href={SSO_START} sx={{ minHeight: 48 }}>
              {t('staff.signIn.sso', { name: sso.name })}
            </Button>
          </>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('staff.signIn.noAccount')}
        </Typography>
      </Paper>
    </StaffPage>
  );
}
