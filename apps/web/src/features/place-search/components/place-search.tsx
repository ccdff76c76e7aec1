/**
 * "Where is Zakrzówek?": a round button at the map's top left that opens a search form. The search
 * goes out when the visitor submits it (Enter or the button; never as they type, as the geocoder's
 * usage policy asks); choosing a place moves the map there. Shown only when the server has a geocoder.
 */
import './place-search.css';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FoundPlace } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';
import { mapView } from '../../../lib/map-view.ts';
import { usePlaces } from '../api/search-places.ts';

const MAGNIFIER =
  'M15.5 14h-.79l-.28-.27A6.471 6.471 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z';

/** The zoom that shows a place's extent whole, about: a lake at 15, a district at 13, a point at 16. */
function zoomFor(bbox: FoundPlace['bbox']): number {
  if (!bbox) return 16;
  const [south, west, north, east] = bbox;
  const span = Math.max(north - south, (east - west) * Math.cos((((south + north) / 2) * Math.PI) / 180), 1e-6);
  return Math.min(17, Math.max(8, Math.floor(Math.log2(360 / span)) - 1));
}

export function PlaceSearch() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const places = usePlaces(asked);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useId();

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q === '') return;
    if (q === asked && places.isError) void places.refetch();
    setAsked(q);
  };
  const choose = (place: FoundPlace) => {
    mapView.go({ latitude: place.latitude, longitude: place.longitude, zoom: zoomFor(place.bbox) });
    setOpen(false);
  };

  return (
    <div className={open ? 'wa-place-search wa-place-search--open' : 'wa-place-search'} data-map-control>
      {!open && (
        <button ref={opener} type="button" className="wa-place-search-open" aria-label={t('places.open')} title={t('places.open')} aria-expanded={false} aria-controls={panel} onClick={() => setOpen(true)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d={MAGNIFIER} />
          </svg>
        </button>
      )}
      {open && (
        <div id={panel} className="wa-place-search-panel" onKeyDown={(e) => e.key === 'Escape' && close()}>
          <form role="search" aria-label={t('places.open')} onSubmit={submit}>
            <input
              ref={input}
              type="search"
              enterKeyHint="search"
              aria-label={t('places.label')}
              placeholder={t('places.label')}
              maxLength={200}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="wa-place-search-submit">
              {t('places.search')}
            </button>
            <button type="button" className="wa-place-search-close" aria-label={t('places.close')} title={t('places.close')} onClick={close}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
              </svg>
            </button>
          </form>
          <div role="status" className="wa-place-search-status">
            {asked !== '' && places.isFetching && t('places.loading')}
            {asked !== '' && !places.isFetching && places.isError && t('places.failed')}
            {asked !== '' && !places.isFetching && places.data?.data.length === 0 && t('places.empty', { q: asked })}
          </div>
          {!places.isFetching && places.data && places.data.data.length > 0 && (
            <ul className="wa-place-search-results" aria-label={t('places.results')}>
              {places.data.data.map((place) => (
                <li key={`${place.latitude},${place.longitude},${place.label}`}>
                  <button type="button" onClick={() => choose(place)}>
                    <span className="wa-place-search-name">{place.name}</span>
                    <span className="wa-place-search-label">{place.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
