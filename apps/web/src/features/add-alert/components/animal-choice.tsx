/** The animal, from the shared catalogue in its order (common city animals first, "Inne" last), as large tiles. */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ANIMALS, isAnimalKey, type AnimalKey } from '@wildalert/shared';
import { animalNameOf, t } from '../../../i18n/i18n.ts';

interface AnimalChoiceProps {
  value: AnimalKey | null;
  onChange(value: AnimalKey): void;
  error: string | undefined;
}

export function AnimalChoice({ value, onChange, error }: AnimalChoiceProps) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 1 }}>
        {t('addAlert.animal')}
      </FormLabel>
      <RadioGroup
        name="animal"
        value={value ?? ''}
        onChange={(e) => isAnimalKey(e.target.value) && onChange(e.target.value)}
        aria-describedby={error ? 'animal-error' : undefined}
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1 }}
      >
        {ANIMALS.map((animal) => {
          const selected = animal.key === value;
          return (
            <FormControlLabel
              key={animal.key}
              value={animal.key}
              control={<Radio />}
              label={animalNameOf(animal.key)}
              sx={{
                m: 0,
                minHeight: 48,
                pr: 1,
                border: 2,
                borderRadius: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? (theme) => theme.alpha(theme.palette.primary.main, 0.08) : 'transparent',
                '& .MuiFormControlLabel-label': { fontWeight: selected ? 700 : 400 },
              }}
            />
          );
        })}
      </RadioGroup>
      {error && <FormHelperText id="animal-error">{error}</FormHelperText>}
    </FormControl>
  );
}
