/**
 * People (/staff/people, admin): every staff account with its role, state and last sign-in (the
 * role changed, the account disabled or enabled), and the open invites (a new one's link shown
 * once; revoked).
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { t } from '../../../i18n/i18n.ts';
import { shortDateTime } from '../../../lib/format.ts';
import type { StaffRole } from '@wildalert/shared';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAccounts, useUpdateAccount, type StaffAccount } from '../api/accounts.ts';
import { useCreateInvite, useOpenInvites, useRevokeInvite } from '../api/invites.ts';
import { failureMessage } from './failure-messages.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, ConfirmButton, FIELD_SX, QueryState, RoleSelect, SecretOnce, StaffPage, StaffSection } from './staff-parts.tsx';

export default function StaffPeopleScreen() {
  useDocumentTitle(t('staff.people.title'));
  return (
    <StaffLayout role="admin">
      {(me) => (
        <StaffPage>
          <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
            {t('staff.people.title')}
          </Typography>
          <Invites me={me} />
          <People me={me} />
        </StaffPage>
      )}
    </StaffLayout>
  );
}

function People({ me }: { me: StaffMe }) {
  const accounts = useAccounts();
  const update = useUpdateAccount(me);
  return (
    <StaffSection id="staff-people" title={t('staff.people.accounts')}>
      {update.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {failureMessage(update.error, 'account')}
        </Alert>
      )}
      <QueryState query={accounts} empty={t('staff.people.empty')}>
        <CardList>
          {accounts.data?.map((account) => (
            <Person key={account.id} account={account} me={me} busy={update.isPending} onChange={(change) => update.mutate({ id: account.id, ...change })} />
          ))}
        </CardList>
      </QueryState>
    </StaffSection>
  );
}

function Person({ account, me, busy, onChange }: { account: StaffAccount; me: StaffMe; busy: boolean; onChange(change: { role?: StaffRole; disabled?: boolean }): void }) {
  const headingId = `staff-account-${account.id}`;
  // One's own role and account are another admin's to change: a slip here would lock oneself out.
  const self = account.id === me.id;
  const how = [t('staff.people.passkeys', { count: account.passkeys }), ...(account.sso ? [t('staff.people.sso')] : [])].join(' · ');
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', opacity: account.disabled ? 0.8 : 1 }}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h3" id={headingId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {account.name}
          </Typography>
          {self && <Chip size="small" color="primary" label={t('staff.people.you')} />}
          {account.disabled && <Chip size="small" label={t('staff.people.disabled')} />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {account.lastSignInAt ? t('staff.people.lastSignIn', { when: shortDateTime(account.lastSignInAt) }) : t('staff.people.neverSignedIn')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {how}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <RoleSelect label={t('staff.people.role')} value={account.role} max="admin" disabled={busy || self} onChange={(role) => onChange({ role })} />
        {self ? null : account.disabled ? (
          <Button variant="outlined" disabled={busy} onClick={() => onChange({ disabled: false })}>
            {t('staff.people.enable')}
          </Button>
        ) : (
          <ConfirmButton label={t('staff.people.disable')} confirmLabel={t('staff.people.confirmDisable')} disabled={busy} onConfirm={() => onChange({ disabled: true })} />
        )}
      </Box>
    </Paper>
  );
}

function Invites({ me }: { me: StaffMe }) {
  const invites = useOpenInvites();
  const create = useCreateInvite(me);
  const revoke = useRevokeInvite(me);
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('moderator');
  const [link, setLink] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    setLink(null);
    create.mutate(
      { name: name.trim(), role },
      {
        onSuccess: (created) => {
          setLink(created.link);
          setName('');
        },
      },
    );
  };
  return (
    <StaffSection id="staff-invites" title={t('staff.invites.title')} intro={t('staff.invites.intro')}>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 2 }}>
        <TextField
          label={t('staff.invites.nameLabel')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          size="small"
          sx={{ flex: '1 1 220px', ...FIELD_SX }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <RoleSelect label={t('staff.invites.roleLabel')} value={role} max="admin" onChange={setRole} />
        <Button type="submit" variant="contained" disabled={create.isPending || name.trim() === ''}>
          {t('staff.invites.create')}
        </Button>
      </Box>
      {create.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureMessage(create.error, 'other')}
        </Alert>
      )}
      {link && <SecretOnce title={t('staff.invites.createdTitle')} note={t('staff.invites.createdNote')} secret={link} onDone={() => setLink(null)} />}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('staff.invites.open')}
      </Typography>
      <QueryState query={invites} empty={t('staff.invites.empty')}>
        <CardList>
          {invites.data?.map((invite) => (
            <Paper component="li" variant="outlined" key={invite.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invite.name}</Typography>
                  <Chip size="small" label={t(`staff.role.${invite.role}`)} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {t('staff.invites.expires', { when: shortDateTime(invite.expiresAt) })}
                </Typography>
              </Box>
              <ConfirmButton label={t('staff.invites.revoke')} confirmLabel={t('staff.invites.confirmRevoke')} disabled={revoke.isPending} onConfirm={() => revoke.mutate(invite.id)} />
            </Paper>
          ))}
        </CardList>
      </QueryState>
      {revoke.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureMessage(revoke.error, 'other')}
        </Alert>
      )}
    </StaffSection>
  );
}
