/**
 * My account (/staff/account), for every role: my passkeys (another one added, one removed), my
 * API tokens for scripts (a new one shown once; revoked), and signing out here or everywhere.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../i18n/i18n.ts';
import { shortDateTime } from '../../../lib/format.ts';
import { lowerRole, type StaffRole } from '@wildalert/shared';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys.ts';
import { useSignOut } from '../api/sign-in.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/tokens.ts';
import { failureMessage } from './failure-messages.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, ConfirmButton, FIELD_SX, QueryState, RoleSelect, SecretOnce, StaffPage, StaffSection } from './staff-parts.tsx';

export default function StaffAccountScreen() {
  useDocumentTitle(t('staff.account.title'));
  return <StaffLayout role="responder">{(me) => <Account me={me} />}</StaffLayout>;
}

function Account({ me }: { me: StaffMe }) {
  return (
    <StaffPage>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {t('staff.account.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('staff.account.who', { name: me.name, role: t(`staff.role.${me.role}`) })}
      </Typography>
      <Passkeys me={me} />
      <Tokens me={me} />
      <SignOut me={me} />
    </StaffPage>
  );
}

/** "Added 23.11.2026 · last used 27.11.2026" (or never). */
function usedLine(createdAt: string, lastUsedAt: string | null): string {
  return `${t('staff.added', { when: shortDateTime(createdAt) })} · ${lastUsedAt ? t('staff.lastUsed', { when: shortDateTime(lastUsedAt) }) : t('staff.neverUsed')}`;
}

function Passkeys({ me }: { me: StaffMe }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey(me);
  const remove = useRemovePasskey(me);
  const [name, setName] = useState('');
  const supported = browserSupportsWebAuthn();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <StaffSection id="staff-passkeys" title={t('staff.passkeys.title')} intro={t('staff.passkeys.intro')}>
      <QueryState query={passkeys} empty={t('staff.passkeys.empty')}>
        <CardList>
          {passkeys.data?.map((passkey) => (
            <Paper component="li" variant="outlined" key={passkey.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{passkey.name || t('staff.passkeys.unnamed')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {usedLine(passkey.createdAt, passkey.lastUsedAt)}
                </Typography>
              </Box>
              <ConfirmButton
                label={t('staff.passkeys.remove')}
                confirmLabel={t('staff.passkeys.confirmRemove')}
                disabled={remove.isPending}
                onConfirm={() => remove.mutate(passkey.id)}
              />
            </Paper>
          ))}
        </CardList>
      </QueryState>
      {remove.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureMessage(remove.error, 'remove-passkey')}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 2 }}>
        <TextField
          label={t('staff.passkeys.nameLabel')}
          placeholder={t('staff.passkeys.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          size="small"
          sx={{ flex: '1 1 220px', ...FIELD_SX }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" variant="contained" disabled={!supported || add.isPending}>
          {add.isPending ? t('staff.passkeys.adding') : t('staff.passkeys.add')}
        </Button>
      </Box>
      {!supported && <Alert severity="warning" sx={{ mt: 1 }}>{t('staff.failure.unsupported')}</Alert>}
      {add.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureMessage(add.error, 'passkey')}
        </Alert>
      )}
    </StaffSection>
  );
}

function Tokens({ me }: { me: StaffMe }) {
  const tokens = useApiTokens();
  const create = useCreateApiToken(me);
  const revoke = useRevokeApiToken(me);
  const [name, setName] = useState('');
  // The least a script usually needs (moderating), never above the person's own role.
  const [role, setRole] = useState<StaffRole>(lowerRole(me.role, 'moderator'));
  const [secret, setSecret] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    setSecret(null);
    create.mutate(
      { name: name.trim(), role },
      {
        onSuccess: (created) => {
          setSecret(created.token);
          setName('');
        },
      },
    );
  };
  return (
    <StaffSection id="staff-tokens" title={t('staff.tokens.title')} intro={t('staff.tokens.intro')}>
      {secret && <SecretOnce title={t('staff.tokens.createdTitle')} note={t('staff.tokens.createdNote')} secret={secret} onDone={() => setSecret(null)} />}
      <QueryState query={tokens} empty={t('staff.tokens.empty')}>
        <CardList>
          {tokens.data?.map((token) => (
            <Paper component="li" variant="outlined" key={token.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{token.name}</Typography>
                  <Chip size="small" label={t(`staff.role.${token.role}`)} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {usedLine(token.createdAt, token.lastUsedAt)}
                </Typography>
              </Box>
              <ConfirmButton label={t('staff.tokens.revoke')} confirmLabel={t('staff.tokens.confirmRevoke')} disabled={revoke.isPending} onConfirm={() => revoke.mutate(token.id)} />
            </Paper>
          ))}
        </CardList>
      </QueryState>
      {revoke.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureMessage(revoke.error, 'other')}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 2 }}>
        <TextField
          label={t('staff.tokens.nameLabel')}
          placeholder={t('staff.tokens.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          size="small"
          sx={{ flex: '1 1 220px', ...FIELD_SX }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <RoleSelect label={t('staff.tokens.roleLabel')} value={role} max={me.role} onChange={setRole} />
        <Button type="submit" variant="contained" disabled={create.isPending || name.trim() === ''}>
          {t('staff.tokens.create')}
        </Button>
      </Box>
      {create.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureMessage(create.error, 'other')}
        </Alert>
      )}
    </StaffSection>
  );
}

function SignOut({ me }: { me: StaffMe }) {
  const signOut = useSignOut(me);
  const navigate = useNavigate();
  const out = (everywhere: boolean) => signOut.mutate(everywhere, { onSuccess: () => void navigate(paths.staffSignIn, { replace: true }) });
  return (
    <StaffSection id="staff-sign-out" title={t('staff.account.signOutTitle')} intro={t('staff.account.signOutIntro')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={signOut.isPending} onClick={() => out(false)}>
          {t('staff.signOut')}
        </Button>
        <ConfirmButton label={t('staff.signOutEverywhere')} confirmLabel={t('staff.confirmSignOutEverywhere')} disabled={signOut.isPending} onConfirm={() => out(true)} />
      </Box>
      {signOut.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureMessage(signOut.error, 'other')}
        </Alert>
      )}
    </StaffSection>
  );
}
