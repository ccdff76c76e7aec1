/**
 * "Share as open data?": the licence the reporter gives (CC BY 4.0, offered first, or CC0), or
 * none. Asked once on a device; afterwards one line says the answer, with a button to change it.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LICENCES } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';
import type { LicenceAnswer } from '../hooks/licence-answer.ts';
import { answers } from './sighting-fields.tsx';

const ANSWERS: readonly LicenceAnswer[] = [...LICENCES, 'none'];

interface LicenceChoiceProps {
  value: LicenceAnswer;
  /** Whether this device answered before: then the question starts folded into one line. */
  answeredBefore: boolean;
  onChange(answer: LicenceAnswer): void;
}

export function LicenceChoice({ value, answeredBefore, onChange }: LicenceChoiceProps) {
  const [open, setOpen] = useState(!answeredBefore);
  if (!open) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
        <Typography variant="body2" id="licence-summary">
          {t(`addAlert.licence.summary.${value}`)}
        </Typography>
        <Button variant="text" onClick={() => setOpen(true)} aria-describedby="licence-summary" sx={{ minHeight: 44, minWidth: 44 }}>
          {t('addAlert.licence.change')}
        </Button>
      </Box>
    );
  }
  return (
    <FormControl component="fieldset" sx={{ width: '100%', gap: 1 }} aria-describedby="licence-hint">
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 0 }}>
        {t('addAlert.licence.title')}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" id="licence-hint" sx={{ mt: -0.5 }}>
        {t('addAlert.licence.hint')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        // A second tap on the chosen answer keeps it: this question always has one.
        onChange={(_, v: LicenceAnswer | null) => v !== null && onChange(v)}
        sx={answers}
      >
        {ANSWERS.map((answer) => (
          <ToggleButton key={answer} value={answer}>
            {t(`addAlert.licence.${answer}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </FormControl>
  );
}
