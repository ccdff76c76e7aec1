/** On the map, when the filters leave nothing in view: what they are, and a way to widen them. */
import { useAreaDraft } from '../../../lib/area-draft.ts';
import type { MapFilters, MapUrlState } from '../../../lib/map-url.ts';
import { animalNameOf, t } from '../../../i18n/i18n.ts';

interface EmptyViewProps {
  filters: MapFilters;
  onChange(change: Partial<MapUrlState>): void;
}

export function EmptyView({ filters, onChange }: EmptyViewProps) {
  const { animals, window } = filters;
  // While the area sheet is open the map above it shows the area's circle: this note would cover it.
  const choosingArea = useAreaDraft() !== null;
  // Nothing to widen: the map simply shows there is nothing here.
  if (choosingArea || (animals.length === 0 && window === 'all')) return null;
  const described = [...animals.map(animalNameOf), ...(window === 'all' ? [] : [t(`emptyView.windows.${window}`)])];
  return (
    <div className="wa-chip wa-chip--empty" data-map-control>
      <span>{t('emptyView.text', { filters: described.join(', ') })}</span>
      <span className="wa-chip-actions">
        {animals.length > 0 && (
          <button type="button" onClick={() => onChange({ animals: [] })}>
            {t('emptyView.allAnimals')}
          </button>
        )}
        {window !== 'all' && (
          <button type="button" onClick={() => onChange({ window: 'all' })}>
            {t('emptyView.allTime')}
          </button>
        )}
      </span>
    </div>
  );
}
