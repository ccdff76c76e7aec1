/**
 * What was seen, beside the animal (issue 19): how many, whether young were there, what it was
 * doing. All optional and tap-only; a second tap on a chosen answer clears it.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BEHAVIOURS, HOW_MANY, isBehaviour, isHowMany, type Behaviour, type HowMany } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';

interface SightingValue {
  howMany: HowMany | null;
  /** True when young were seen; null when not said (the form has no "no young" answer). */
  young: boolean | null;
  behaviour: Behaviour | null;
}

interface SightingFieldsProps {
  value: SightingValue;
  onChange(change: Partial<SightingValue>): void;
  error: string | undefined;
}

/** An answer: a rounded button, at least 44 px high, its selection shown by its border and weight too. */
const answer = {
  m: 0,
  minHeight: 44,
  minWidth: 56,
  px: 2,
  border: 1,
  borderColor: 'divider',
  borderRadius: 5,
  fontSize: '0.95rem',
  lineHeight: 1.3,
  '&.Mui-selected': { borderColor: 'primary.main', fontWeight: 700 },
} as const;

/** A group's answers as separate buttons that wrap onto more lines on a narrow phone. */
export const answers = { flexWrap: 'wrap', gap: 1, '&& .MuiToggleButton-root': answer } as const;

const label = { fontWeight: 600, color: 'text.primary', mb: 0.5 } as const;

export function SightingFields({ value, onChange, error }: SightingFieldsProps) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%', gap: 1.5 }} aria-describedby="sighting-hint">
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 0 }}>
        {t('addAlert.sighting.title')}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" id="sighting-hint" sx={{ mt: -0.5 }}>
        {t('addAlert.sighting.hint')}
      </Typography>
      <div>
        <Typography id="sighting-how-many" variant="body2" sx={label}>
          {t('addAlert.sighting.howMany')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          aria-labelledby="sighting-how-many"
          value={value.howMany}
          onChange={(_, v: unknown) => onChange({ howMany: isHowMany(v) ? v : null })}
          sx={answers}
        >
          {HOW_MANY.map((code) => (
            <ToggleButton key={code} value={code}>
              {t(`addAlert.sighting.howMany.${code}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
      <ToggleButton
        value="young"
        selected={value.young === true}
        onChange={() => onChange({ young: value.young === true ? null : true })}
        sx={{ ...answer, alignSelf: 'flex-start' }}
      >
        {t('addAlert.sighting.young')}
      </ToggleButton>
      <div>
        <Typography id="sighting-behaviour" variant="body2" sx={label}>
          {t('addAlert.sighting.behaviour')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          aria-labelledby="sighting-behaviour"
          value={value.behaviour}
          onChange={(_, v: unknown) => onChange({ behaviour: isBehaviour(v) ? v : null })}
          sx={answers}
        >
          {BEHAVIOURS.map((code) => (
            <ToggleButton key={code} value={code}>
              {t(`sighting.behaviour.${code}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
      {error && <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
}
