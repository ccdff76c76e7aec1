/**
 * The hotspot view's filters over the map's bottom: a season, a time of day (two thumbs; the
 * hours between them, or with "overnight" the hours outside them), and the legend of the
 * cells' colours. Loaded with MUI when the view is first turned on.
 */
import './hotspot-panel.css';
import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { t } from '../../../i18n/i18n.ts';
import { SEASONS, type HotspotFilters, type Season } from '../../../lib/map-url.ts';
import { useHotspotSummary } from '../hooks/hotspot-summary.ts';
import { HOTSPOT_CLASSES } from './hotspot-classes.ts';

interface HotspotPanelProps {
  filters: HotspotFilters;
  onChange(filters: HotspotFilters): void;
}

type Range = [number, number];

/** The slider's thumbs and mode for a time of day: overnight hours are the outside of [to, from]. */
function sliderOf(hours: HotspotFilters['hours']): { range: Range; overnight: boolean } {
  if (!hours) return { range: [0, 24], overnight: false };
  return hours.from < hours.to ? { range: [hours.from, hours.to], overnight: false } : { range: [hours.to, hours.from], overnight: true };
}

/** The time of day the thumbs mean; undefined for the whole day (or, overnight, for none of it: the whole day too). */
function hoursOf([a, b]: Range, overnight: boolean): HotspotFilters['hours'] {
  if (a === 0 && b === 24) return undefined;
  if (!overnight) return { from: a, to: b };
  // The hours outside [a, b): from b round midnight to a.
  return { from: b % 24, to: a === 0 ? 24 : a };
}

/** At least an hour between the thumbs (the API refuses a window of none): the other thumb gives way. */
function apart([a, b]: Range, thumb: number): Range {
  if (a < b) return [a, b];
  return thumb === 0 ? [Math.min(a, 23), Math.min(a, 23) + 1] : [Math.max(b, 1) - 1, Math.max(b, 1)];
}

const MARKS = [0, 6, 12, 18, 24].map((hour) => ({ value: hour, label: t('hotspots.hour', { hour }) }));

export function HotspotPanel({ filters, onChange }: HotspotPanelProps) {
  const summary = useHotspotSummary();
  const shown = sliderOf(filters.hours);
  // While a thumb moves: drawn at once, asked for when let go.
  const [moving, setMoving] = useState<Range | null>(null);
  const range = moving ?? shown.range;
  const hours = hoursOf(range, shown.overnight);
  const chosenHours = (hours: HotspotFilters['hours']) => {
    const { hours: _, ...rest } = filters;
    onChange(hours ? { ...rest, hours } : rest);
  };
  const status = summary.failed
    ? t('hotspots.failed')
    : summary.total === null
      ? t('hotspots.loading')
      : summary.total === 0
        ? t('hotspots.none')
        : t('hotspots.total', { count: summary.total });
  return (
    <section className="wa-hotspot-panel" aria-label={t('hotspots.title')} data-map-control>
      {/* Said, not only to screen readers: the map's time window does not apply here. */}
      <p className="wa-hotspot-period" aria-hidden="true">
        {t('hotspots.period')}
      </p>
      <div className="wa-hotspot-row">
        <TextField
          select
          size="small"
          label={t('hotspots.season')}
          value={filters.season ?? 'all'}
          onChange={(event) => {
            const season = SEASONS.find((s) => s === event.target.value);
            const { season: _, ...rest } = filters;
            onChange(season ? { ...rest, season: season satisfies Season } : rest);
          }}
          slotProps={{ select: { native: true } }}
          className="wa-hotspot-season"
        >
          <option value="all">{t('hotspots.seasons.all')}</option>
          {SEASONS.map((s) => (
            <option key={s} value={s}>
              {t(`hotspots.seasons.${s}`)}
            </option>
          ))}
        </TextField>
        <FormControlLabel
          className="wa-hotspot-overnight"
          control={<Switch checked={shown.overnight} onChange={(event) => chosenHours(hoursOf(shown.range, event.target.checked))} />}
          label={t('hotspots.overnight')}
        />
      </div>
      <div className="wa-hotspot-hours">
        <p className="wa-hotspot-hours-label">{hours ? t('hotspots.hours', { from: hours.from, to: hours.to }) : t('hotspots.allDay')}</p>
        <Slider
          value={range}
          min={0}
          max={24}
          step={1}
          marks={MARKS}
          disableSwap
          track={shown.overnight ? 'inverted' : 'normal'}
          valueLabelDisplay="auto"
          valueLabelFormat={(hour) => t('hotspots.hour', { hour })}
          getAriaLabel={(thumb) => t(thumb === 0 ? 'hotspots.from' : 'hotspots.to')}
          getAriaValueText={(hour) => t('hotspots.hour', { hour })}
          onChange={(_event, value: number | number[], thumb) => setMoving(apart(value as Range, thumb))}
          onChangeCommitted={(_event, value: number | number[]) => {
            setMoving(null);
            chosenHours(hoursOf(moving ?? apart(value as Range, 1), shown.overnight));
          }}
        />
      </div>
      <div className="wa-hotspot-foot">
        <ol className="wa-hotspot-legend" aria-label={t('hotspots.legend')}>
          {HOTSPOT_CLASSES.map((c, i) => {
            const next = HOTSPOT_CLASSES[i + 1];
            const label = next ? (next.min - 1 === c.min ? String(c.min) : `${c.min}–${next.min - 1}`) : `${c.min}+`;
            return (
              <li key={c.min}>
                <span className="wa-hotspot-swatch" style={{ background: c.colour, opacity: Math.min(1, c.opacity + 0.25) }} aria-hidden="true" />
                {label}
              </li>
            );
          })}
        </ol>
        <p className="wa-hotspot-status" role="status" aria-busy={summary.loading}>
          {status}
          {summary.failed && (
            <button type="button" className="wa-hotspot-retry" onClick={summary.retry}>
              {t('hotspots.retry')}
            </button>
          )}
        </p>
      </div>
    </section>
  );
}
