/**
 * "By e-mail" in the area sheet (issue 34), beside push: for an iPhone without the app on its Home
 * Screen, and for people who live in their inbox. The same area; an address and how often; the
 * mails come in the app's language. Only a confirmation link is sent until it is followed.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { EMAIL_FREQUENCIES, type EmailFrequency } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { emailRefusalMessage, subscribeEmail } from '../api/email-subscriptions.ts';
import type { Area } from '../api/push-subscriptions.ts';

export function EmailAlertsForm({ area }: { area: Area }) {
  const [address, setAddress] = useState('');
  const [frequency, setFrequency] = useState<EmailFrequency>('daily');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; severity: 'success' | 'error' } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const { address: sentTo } = await subscribeEmail(address.trim(), area, frequency);
      setMessage({ text: t('email.form.sent', { address: sentTo }), severity: 'success' });
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? emailRefusalMessage(error) : t('areaAlerts.serverFailed'), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} aria-labelledby="wa-area-email" sx={{ display: 'grid', gap: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="wa-area-email" variant="subtitle1" component="h3">
        {t('email.form.title')}
      </Typography>
      <Typography variant="body2">{t('email.form.intro')}</Typography>
      <TextField
        label={t('email.form.address')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
      <Box role="group" aria-labelledby="wa-area-email-frequency">
        <Typography id="wa-area-email-frequency" variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          {t('email.form.frequency')}
        </Typography>
        <ToggleButtonGroup exclusive fullWidth size="small" value={frequency} onChange={(_, v: EmailFrequency | null) => v && setFrequency(v)}>
          {EMAIL_FREQUENCIES.map((f) => (
            <ToggleButton key={f} value={f}>
              {t(`email.form.${f}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
        {busy ? t('areaAlerts.busy') : t('email.form.submit')}
      </Button>
      <Box role="status" aria-live="polite">
        {message && <Alert severity={message.severity}>{message.text}</Alert>}
      </Box>
    </Box>
  );
}
