/**
 * An organisation's monthly report by e-mail (issue 37), on its page: whether it is sent, to which
 * addresses and in which language. Loaded on its own, so the rest of the page does not wait for it.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { LANGUAGES, MONTHLY_REPORT_MAX_ADDRESSES, type MonthlyReportSetting } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useMonthlyReport, useSaveMonthlyReport } from '../api/organisations.ts';
import { addressesErrorFromProblem, formFromSetting, settingFromForm, type MonthlyReportForm } from '../hooks/monthly-report-form.ts';
import { failureMessage } from './failure-messages.ts';
import { FIELD_SX, Loading, StaffSection } from './staff-parts.tsx';

export function MonthlyReportSection({ me, organisationId }: { me: StaffMe; organisationId: string }) {
  const setting = useMonthlyReport(organisationId);
  return (
    <Box sx={{ mt: 4 }}>
      <StaffSection id="organisation-monthly-report" title={t('staff.monthlyReport.title')} intro={t('staff.monthlyReport.intro')}>
        {setting.isPending ? (
          <Loading />
        ) : setting.isError ? (
          <Alert severity="error" action={<Button color="inherit" onClick={() => void setting.refetch()}>{t('staff.retry')}</Button>}>
            {failureMessage(setting.error, 'other')}
          </Alert>
        ) : (
          <MonthlyReportEditor me={me} organisationId={organisationId} setting={setting.data} />
        )}
      </StaffSection>
    </Box>
  );
}

function MonthlyReportEditor({ me, organisationId, setting }: { me: StaffMe; organisationId: string; setting: MonthlyReportSetting }) {
  const [form, setForm] = useState<MonthlyReportForm>(() => formFromSetting(setting));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const save = useSaveMonthlyReport(me);
  const change = (next: Partial<MonthlyReportForm>) => {
    setForm((f) => ({ ...f, ...next }));
    setError(undefined);
    setSaved(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = settingFromForm(form);
    if ('error' in checked) return setError(checked.error);
    save.mutate(
      { id: organisationId, body: checked.setting },
      {
        onSuccess: (answer) => {
          setForm(formFromSetting(answer));
          setSaved(true);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) {
            setError(addressesErrorFromProblem(failure.fieldErrors) ?? failureMessage(failure, 'other'));
          }
        },
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <FormControlLabel
        control={<Switch checked={form.enabled} onChange={(e) => change({ enabled: e.target.checked })} />}
        label={t('staff.monthlyReport.enabled')}
        sx={{ minHeight: 44, mr: 0 }}
      />
      {form.enabled && (
        <>
          <TextField
            label={t('staff.monthlyReport.addresses')}
            value={form.addresses}
            onChange={(e) => change({ addresses: e.target.value })}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            error={error !== undefined}
            helperText={error ?? t('staff.monthlyReport.addressesHint', { limit: MONTHLY_REPORT_MAX_ADDRESSES })}
            sx={FIELD_SX}
          />
          <TextField select label={t('staff.monthlyReport.language')} value={form.language} onChange={(e) => change({ language: e.target.value as MonthlyReportForm['language'] })} sx={{ maxWidth: 280, ...FIELD_SX }}>
            {LANGUAGES.map((language) => (
              <MenuItem key={language} value={language} lang={language} sx={{ minHeight: 44 }}>
                {t(`language.${language}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('staff.monthlyReport.save')}
        </Button>
      </Box>
      {saved && <Alert severity="success">{t('staff.organisations.saved')}</Alert>}
      {save.isError && !(save.error instanceof ApiError && save.error.status === 400) && (
        <Alert severity="error" role="alert">
          {failureMessage(save.error, 'other')}
        </Alert>
      )}
    </Box>
  );
}
