/**
 * Where the animal was: a small map (a tap sets the pin, the pin can be dragged), the
 * visitor's own position, or coordinates typed by hand — the last two need no map at all.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { formatCoordinates } from '../../../lib/format.ts';
import { requestPosition, type Position } from '../../../lib/geolocation.ts';
import { PICKER_ZOOM, PickOnMap } from './map/pick-on-map.tsx';
import { t } from '../../../i18n/i18n.ts';

interface LocationPickerProps {
  value: Position | null;
  onChange(value: Position): void;
  /** Where the map looks when no place is chosen yet. */
  fallback: Position;
  error: string | undefined;
}

export function LocationPicker({ value, onChange, fallback, error }: LocationPickerProps) {
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  // Bumped when the place changes without the map (own position, typed): the map follows it.
  const [recentre, setRecentre] = useState(0);
  const centreOf = useRef<(() => Position) | null>(null);
  const start = value ?? fallback;
  const headingId = useId();

  const locateMe = async () => {
    setLocating(true);
    setLocateFailed(false);
    const position = await requestPosition({ fresh: true });
    setLocating(false);
    if (!position) return setLocateFailed(true);
    onChange(position);
    setRecentre((n) => n + 1);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby="location-chosen">
      <Typography component="legend" sx={{ fontWeight: 700, mb: 1, p: 0 }} id={headingId}>
        {t('addAlert.location')}
      </Typography>
      <Box sx={{ height: { xs: 220, sm: 280 }, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: error ? 'error.main' : 'divider' }}>
        <BaseMap latitude={start.latitude} longitude={start.longitude} zoom={PICKER_ZOOM} label={t('addAlert.mapLabel')}>
          <PickOnMap value={value} onChange={onChange} recentre={recentre} centreOf={centreOf} />
        </BaseMap>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('addAlert.mapHint')}
      </Typography>
      <Typography sx={{ mt: 1 }} id="location-chosen" aria-live="polite">
        {value ? (
          <>
            {t('addAlert.chosen')} <strong data-testid="chosen-coordinates">{formatCoordinates(value.latitude, value.longitude)}</strong>
          </>
        ) : (
          t('addAlert.noneChosen')
        )}
      </Typography>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button
          variant="outlined"
          onClick={() => void locateMe()}
          disabled={locating}
          startIcon={locating ? <CircularProgress size={18} aria-hidden /> : <MyLocationIcon />}
        >
          {locating ? t('addAlert.locating') : t('addAlert.useMyLocation')}
        </Button>
        <Button variant="text" onClick={() => centreOf.current && onChange(centreOf.current())} startIcon={<CenterFocusStrongIcon />}>
          {t('addAlert.useMapCentre')}
        </Button>
      </Box>
      {locateFailed && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('addAlert.locationUnavailable')}
        </Alert>
      )}
      <TypedCoordinates
        onSet={(p) => {
          onChange(p);
          setRecentre((n) => n + 1);
        }}
      />
    </Box>
  );
}

/** One coordinate as people type it: with a decimal dot, or a Polish decimal comma. */
const NUMBER = /^-?\d{1,3}(?:[.,]\d+)?$/;
/**
 * What may stand between the two: a semicolon, a comma with a space after it, or spaces
 * ("50,0614 19,9366", "50,0614, 19,9366", "50.0614, 19.9366"); then a bare comma ("50.06,19.93").
 */
const SEPARATORS = [/\s*;\s*|\s*,\s+|\s+/, /\s*,\s*/];
/** Decimal commas and a bare comma between: "50,0614,19,9366". */
const COMMAS_ONLY = /^(-?\d{1,3},\d+),(-?\d{1,3},\d+)$/;

function coordinatePair(text: string): string[] | undefined {
  for (const separator of SEPARATORS) {
    const parts = text.split(separator);
    if (parts.length === 2 && parts.every((part) => NUMBER.test(part))) return parts;
  }
  return COMMAS_ONLY.exec(text)?.slice(1);
}

/** Latitude and longitude typed by hand, or null when they are not two numbers in range. */
export function parseCoordinates(text: string): Position | null {
  const pair = coordinatePair(text.trim());
  if (!pair) return null;
  const [latitude, longitude] = pair.map((part) => Number(part.replace(',', '.'))) as [number, number];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

function TypedCoordinates({ onSet }: { onSet(p: Position): void }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = parseCoordinates(text);
    setInvalid(!p);
    if (p) onSet(p);
  };
  return (
    // Not a nested <form>: Enter in the field sets the place instead of sending the alert.
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }}>
      <TextField
        id="typed-coordinates"
        label={t('addAlert.coordinatesField')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && submit(e)}
        error={invalid}
        helperText={invalid ? t('addAlert.coordinatesInvalid') : t('addAlert.coordinatesHelp')}
        size="small"
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
      <Button variant="outlined" onClick={submit} sx={{ minHeight: 40, height: 44 }}>
        {t('addAlert.setCoordinates')}
      </Button>
    </Box>
  );
}
