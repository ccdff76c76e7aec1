/**
 * Above the map: the time window, map-or-list, confirmed only and the animals, each a row of
 * toggle buttons whose state is the address's (see lib/map-url.ts). Loaded after the map's first paint.
 */
import './toolbar-and-list.css';
import { ANIMALS } from '@wildalert/shared';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import { TIME_WINDOWS, type MapFilters, type MapUrlState } from '../../../lib/map-url.ts';

interface MapToolbarProps {
  filters: MapFilters;
  list: boolean;
  /** The hotspot view is on: it counts 12 months, whatever the window says. */
  hotspots: boolean;
  onChange(change: Partial<MapUrlState>): void;
}

export function MapToolbar({ filters, list, hotspots, onChange }: MapToolbarProps) {
  const toggleAnimal = (key: string) => {
    const chosen = new Set(filters.animals);
    if (!chosen.delete(key)) chosen.add(key);
    onChange({ animals: ANIMALS.map((a) => a.key).filter((k) => chosen.has(k)) });
  };
  return (
    <div className="wa-toolbar">
      <div className="wa-toolbar-row">
        <div className="wa-segmented" role="group" aria-label={t('find.window')}>
          {TIME_WINDOWS.map((w) => (
            // With the hotspots none is pressed (they count 12 months); a window chosen returns to the markers of that window.
            <button key={w} type="button" aria-pressed={!hotspots && filters.window === w} onClick={() => onChange({ window: w, hotspots: undefined })}>
              {t(`find.windows.${w}`)}
            </button>
          ))}
        </div>
        <div className="wa-segmented" role="group" aria-label={t('find.show')}>
          <button type="button" aria-pressed={!list} onClick={() => onChange({ list: false })}>
            {t('find.map')}
          </button>
          <button type="button" aria-pressed={list} onClick={() => onChange({ list: true })}>
            {t('find.list')}
          </button>
        </div>
      </div>
      <div className="wa-toolbar-row wa-chips">
        {/* First in the row that scrolls: at 320 px a chip at its end would be off screen, unseen. */}
        <button
          type="button"
          className="wa-filter-chip wa-confirmed-chip"
          aria-pressed={filters.confirmed === true}
          onClick={() => onChange({ confirmed: !filters.confirmed })}
        >
          {/* A filter chip's usual mark of "on": ticked only when it is. */}
          {filters.confirmed && <span aria-hidden="true">✓ </span>}
          {t('find.confirmedOnly')}
        </button>
        <div className="wa-chip-group" role="group" aria-label={t('find.animals')}>
          <button type="button" className="wa-filter-chip" aria-pressed={filters.animals.length === 0} onClick={() => onChange({ animals: [] })}>
            {t('find.allAnimals')}
          </button>
          {ANIMALS.map((animal) => (
            <button
              key={animal.key}
              type="button"
              className="wa-filter-chip"
              aria-pressed={filters.animals.includes(animal.key)}
              onClick={() => toggleAnimal(animal.key)}
            >
              {animalNameOf(animal.key)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
