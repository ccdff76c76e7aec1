/** On the map, when the filters leave nothing in view: what they are, and a way to widen them. */
import { animalByKey } from '@wildalert/shared';
import { plMapExtras } from '../../../i18n/pl-map-extras.ts';
import type { MapFilters, MapUrlState } from '../../../lib/map-url.ts';

interface EmptyViewProps {
  filters: MapFilters;
  onChange(change: Partial<MapUrlState>): void;
}

export function EmptyView({ filters, onChange }: EmptyViewProps) {
  const { animals, window } = filters;
  const text = plMapExtras.emptyView;
  // Nothing to widen: the map simply shows there is nothing here.
  if (animals.length === 0 && window === 'all') return null;
  const described = [...animals.map((key) => animalByKey(key).namePl), text.windows[window]!].filter(Boolean);
  return (
    <div className="wa-chip wa-chip--empty" data-map-control>
      <span>{text.text(described)}</span>
      <span className="wa-chip-actions">
        {animals.length > 0 && (
          <button type="button" onClick={() => onChange({ animals: [] })}>
            {text.allAnimals}
          </button>
        )}
        {window !== 'all' && (
          <button type="button" onClick={() => onChange({ window: 'all' })}>
            {text.allTime}
          </button>
        )}
      </span>
    </div>
  );
}
