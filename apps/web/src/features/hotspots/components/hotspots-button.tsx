/** "Gdzie i kiedy": the round toggle above the bell that turns the map into the hotspot view and back. */
import { RoundMapButton } from '../../../components/map/round-map-button.tsx';
import { t } from '../../../i18n/i18n.ts';

// Material's "grid_on".
const GRID =
  'M20 2H4c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM8 20H4v-4h4v4zm0-6H4v-4h4v4zm0-6H4V4h4v4zm6 12h-4v-4h4v4zm0-6h-4v-4h4v4zm0-6h-4V4h4v4zm6 12h-4v-4h4v4zm0-6h-4v-4h4v4zm0-6h-4V4h4v4z';

export function HotspotsButton({ on, onToggle }: { on: boolean; onToggle(): void }) {
  return <RoundMapButton place="third" icon={GRID} label={t('hotspots.toggle')} aria-pressed={on} onClick={onToggle} />;
}
