/**
 * The parts of the organisation form that are more than a text field: chips to pick animals and
 * behaviours (with "any"), the rules built of them, and the opening hours' rows.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANIMAL_KEYS, BEHAVIOURS, type AnimalKey, type Behaviour } from '@wildalert/shared';
import { animalNameOf, language, t } from '../../../i18n/i18n.ts';
import { newHoursRow, type HoursRow, type RuleRow } from '../hooks/organisation-form.ts';
import { FIELD_SX } from './staff-parts.tsx';

/** Chips big enough for a finger (44 px), each a toggle button. */
const CHIP_SX = { height: 44, borderRadius: 22, '& .MuiChip-label': { px: 1.5 } };

/**
 * A choice of several among `options`, or of "any" (null). Choosing "any" clears the others;
 * choosing one leaves "any".
 */
export function ChipChoice<T extends string | number>({
  label,
  options,
  value,
  name,
  any,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T[] | null;
  name(option: T): string;
  /** The "any" chip's text; none when "any" is no choice here. */
  any?: string;
  onChange(value: T[] | null): void;
}) {
  const labelId = useId();
  const toggle = (option: T) => {
    const now = value ?? [];
    onChange(now.includes(option) ? now.filter((o) => o !== option) : [...now, option]);
  };
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ minWidth: 0 }}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {any !== undefined && (
          <Chip
            label={any}
            component="button"
            type="button"
            aria-pressed={value === null}
            color={value === null ? 'primary' : 'default'}
            variant={value === null ? 'filled' : 'outlined'}
            onClick={() => onChange(value === null ? [] : null)}
            sx={CHIP_SX}
          />
        )}
        {options.map((option) => {
          const on = value?.includes(option) ?? false;
          return (
            <Chip
              key={option}
              label={name(option)}
              component="button"
              type="button"
              aria-pressed={on}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(option)}
              sx={CHIP_SX}
            />
          );
        })}
      </Box>
    </Box>
  );
}

export const behaviourName = (behaviour: Behaviour) => t(`sighting.behaviour.${behaviour}`);

export function RulesField({ rules, error, onChange }: { rules: RuleRow[]; error?: string; onChange(rules: RuleRow[]): void }) {
  const set = (i: number, rule: RuleRow) => onChange(rules.map((r, j) => (j === i ? rule : r)));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {rules.length === 0 && <Typography color="text.secondary">{t('staff.organisations.noRules')}</Typography>}
      {rules.map((rule, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1.5 }} data-testid="rule">
          <Typography variant="subtitle2" component="h4">
            {t('staff.organisations.rule', { n: i + 1 })}
          </Typography>
          <ChipChoice<AnimalKey>
            label={t('staff.organisations.ruleAnimals')}
            options={ANIMAL_KEYS}
            value={rule.animals}
            name={animalNameOf}
            any={t('staff.organisations.anyAnimal')}
            onChange={(animals) => set(i, { ...rule, animals })}
          />
          <ChipChoice
            label={t('staff.organisations.ruleBehaviours')}
            options={BEHAVIOURS}
            value={rule.behaviours}
            name={behaviourName}
            any={t('staff.organisations.anyBehaviour')}
            onChange={(behaviours) => set(i, { ...rule, behaviours })}
          />
          <Box>
            <Button color="error" onClick={() => onChange(rules.filter((_, j) => j !== i))}>
              {t('staff.organisations.removeRule')}
            </Button>
          </Box>
        </Paper>
      ))}
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box>
        <Button variant="outlined" onClick={() => onChange([...rules, { animals: null, behaviours: null }])}>
          {t('staff.organisations.addRule')}
        </Button>
      </Box>
    </Box>
  );
}

const DAYS = [1, 2, 3, 4, 5, 6, 7];

/** A weekday's short name in the visitor's language (ISO: Monday 1); 2024-01-01 was a Monday. */
function dayName(day: number, lang = language()): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
}

export function HoursField({ rows, error, onChange }: { rows: HoursRow[]; error?: string; onChange(rows: HoursRow[]): void }) {
  const set = (i: number, row: HoursRow) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {rows.map((row, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1.5 }} data-testid="hours-row">
          <ChipChoice label={t('staff.organisations.days')} options={DAYS} value={row.days} name={(day) => dayName(day)} onChange={(days) => set(i, { ...row, days: days ?? [] })} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TimeField label={t('staff.organisations.from')} value={row.from} onChange={(from) => set(i, { ...row, from })} />
            <TimeField label={t('staff.organisations.to')} value={row.to} onChange={(to) => set(i, { ...row, to })} />
            <Button color="error" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              {t('staff.organisations.removeHours')}
            </Button>
          </Box>
        </Paper>
      ))}
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box>
        <Button variant="outlined" onClick={() => onChange([...rows, newHoursRow()])}>
          {t('staff.organisations.addHours')}
        </Button>
      </Box>
    </Box>
  );
}

function TimeField({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      type="time"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      sx={{ width: 130, ...FIELD_SX }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
    />
  );
}
