/**
 * The map's legend: the marker of each animal in view, with its name, and how a past alert looks
 * (lib/alert-age.ts). Open at first on a large screen; a button on a phone, where it would cover
 * the markers, and where Escape closes it again as it closes any panel over the map.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { animalMarkerUrl } from '../../../components/map/animal-markers.ts';
import { animalNameOf, t } from '../../../i18n/i18n.ts';

const PHONE = '(max-width: 599px), (max-height: 499px)';

export function MapLegend({ animals }: { animals: readonly string[] }) {
  const [open, setOpen] = useState(() => !window.matchMedia(PHONE).matches);
  const panel = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // On a phone it covers the map wherever the focus is; on a larger screen it is part of the
    // page, closed by Escape only from within (as a popup's Escape is the map's).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (window.matchMedia(PHONE).matches || root.current?.contains(document.activeElement)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  if (animals.length === 0) return null;
  return (
    <div ref={root} className={open ? 'wa-legend wa-legend--open' : 'wa-legend'} data-map-control>
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
