/**
 * The map's legend: the marker of each animal in view, with its name, and how a past alert looks
 * (lib/alert-age.ts). Open at first on a large screen; a button on a phone, where it would cover
 * the markers. Escape closes it as it closes a popup.
 */
import { useId, useState } from 'react';
import { animalMarkerUrl } from '../../../components/map/animal-markers.ts';
import { animalNameOf, t } from '../../../i18n/i18n.ts';

const PHONE = '(max-width: 599px), (max-height: 499px)';

export function MapLegend({ animals }: { animals: readonly string[] }) {
  const [open, setOpen] = useState(() => !window.matchMedia(PHONE).matches);
  const panel = useId();
  if (animals.length === 0) return null;
  return (
    // Escape from within closes it, as it closes a popup, and the focus stays on its button.
    <div className={open ? 'wa-legend wa-legend--open' : 'wa-legend'} data-map-control onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm0-6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm0 12a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM7 19h14v-2H7v2zm0-6h14v-2H7v2zm0-8v2h14V5H7z"
          />
        </svg>
        <span className="wa-legend-title">{t('legend.title')}</span>
      </button>
      <div id={panel} hidden={!open}>
        <ul aria-label={t('legend.title')}>
          {animals.map((key) => (
            <li key={key}>
              <img src={animalMarkerUrl(key)} width="25" height="41" alt="" />
              {animalNameOf(key)}
            </li>
          ))}
        </ul>
        <p className="wa-legend-past">{t('legend.past')}</p>
        <p className="wa-legend-credit">{t('legend.credit')}</p>
      </div>
    </div>
  );
}
