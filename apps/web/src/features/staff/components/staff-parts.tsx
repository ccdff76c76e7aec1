/** The pieces the staff screens share: the page, a section, a list's states, a two-step button, a secret shown once, a role's select, a field's touch height. */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { t } from '../../../i18n/i18n.ts';
import { roleAllows, STAFF_ROLES, type StaffRole } from '@wildalert/shared';
import { sessionEnded, staffMeKey } from '../../../lib/staff-session.ts';

/** A text field's input at least 44 px tall: a touch target, as every button of the staff screens. */
export const FIELD_SX = { '& .MuiInputBase-root': { minHeight: 44 } };

/** A staff screen's column: readable on a desktop, edge to edge (with a margin) on a 320 px phone. */
export function StaffPage({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 960, mx: 'auto', px: 2, pt: 1, pb: 4 }}>{children}</Box>;
}

export function StaffSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * Loading…, a failure with its retry, or the list's own empty line: each in the place the list
 * will take. A 401 means the session ended (timed out, the account disabled): the layout then
 * offers signing in again.
 */
export function QueryState({ query, empty, children }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch(): unknown; data?: unknown[] }; empty: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const ended = sessionEnded(query.error);
  useEffect(() => {
    if (ended) queryClient.setQueryData(staffMeKey, null);
  }, [ended, queryClient]);
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            {t('staff.retry')}
          </Button>
        }
      >
        {t('staff.loadFailed')}
      </Alert>
    );
  if (query.data?.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return <>{children}</>;
}

export function Loading({ tall = false }: { tall?: boolean }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: tall ? 'center' : 'flex-start', gap: 1, minHeight: tall ? 200 : 44 }}>
      <CircularProgress size={20} aria-hidden /> {t('staff.loading')}
    </Box>
  );
}

/** A list of cards, one column on a phone. */
export function CardList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {children}
    </Box>
  );
}

/**
 * A button for what cannot be undone: the first press asks ("Really…?"), the second does it.
 * Leaving it (focus elsewhere) takes the question back.
 */
export function ConfirmButton({ label, confirmLabel, onConfirm, ...props }: { label: string; confirmLabel: string; onConfirm(): void } & Omit<ButtonProps, 'onClick'>) {
  const [asking, setAsking] = useState(false);
  return (
    <Button
      color="error"
      {...props}
      variant={asking ? 'contained' : 'outlined'}
      onClick={() => {
        if (!asking) setAsking(true);
        else {
          setAsking(false);
          onConfirm();
        }
      }}
      onBlur={() => setAsking(false)}
    >
      {asking ? confirmLabel : label}
    </Button>
  );
}

/** A secret the server shows once (a token, an invite link): on screen, selectable, with a copy button. */
export function SecretOnce({ title, note, secret, onDone }: { title: string; note: string; secret: string; onDone(): void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an http page, a refusal): the text is there to select by hand.
      setCopied(false);
    }
  };
  return (
    <Alert severity="success" icon={false} sx={{ mb: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }} data-testid="secret-once">
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {note}
      </Typography>
      <Box
        component="code"
        sx={{ display: 'block', p: 1, mb: 1, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, fontSize: '0.875rem', overflowWrap: 'anywhere', userSelect: 'all' }}
      >
        {secret}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" onClick={() => void copy()}>
          {t('staff.copy')}
        </Button>
        <Button variant="text" onClick={onDone}>
          {t('staff.done')}
        </Button>
        <Typography role="status" variant="body2">
          {copied === true ? t('staff.copied') : copied === false ? t('staff.copyFailed') : ''}
        </Typography>
      </Box>
    </Alert>
  );
}

/** A select of the roles up to `max`: a token, an invite, an account never gets more than its giver has. */
export function RoleSelect({ value, max, onChange, label, disabled }: { value: StaffRole; max: StaffRole; onChange(role: StaffRole): void; label: string; disabled?: boolean }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as StaffRole)}
      sx={{ minWidth: 160, ...FIELD_SX }}
    >
      {STAFF_ROLES.filter((role) => roleAllows(max, role)).map((role) => (
        <MenuItem key={role} value={role} sx={{ minHeight: 44 }}>
          {t(`staff.role.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
