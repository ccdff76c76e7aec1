/** The popup of what the visitor picked on the map: one alert, or the alerts at one spot, each with its actions. */
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Popup } from 'react-leaflet';
import type { Alert } from '@wildalert/shared';
import { AlertPopup } from '../../../../components/alert-popup.tsx';
import { pl } from '../../../../i18n/pl.ts';
import type { Selection } from '../../hooks/use-selection.ts';
import { ReportAbuse, ShareAlert } from '../lazy-extras.ts';

interface SelectionPopupProps {
  selection: Selection;
  onClose(s: Selection): void;
  onNote(message: string): void;
}

export function SelectionPopup({ selection, onClose, onNote }: SelectionPopupProps) {
  const [latitude, longitude] =
    selection.kind === 'alert' ? [selection.alert.latitude, selection.alert.longitude] : [selection.latitude, selection.longitude];
  // The same array while the point is the same: react-leaflet closes and reopens the popup on a
  // new one, which would drop the focus and the list's scroll whenever the map screen renders.
  const position = useMemo((): [number, number] => [latitude, longitude], [latitude, longitude]);
  return (
    <Popup position={position} offset={[1, -34]} eventHandlers={{ remove: () => onClose(selection) }}>
      {selection.kind === 'alert' ? (
        <>
          <AlertPopup alert={selection.alert} />
          <AlertActions alert={selection.alert} onNote={onNote} />
        </>
      ) : (
        // Another spot starts at its first page.
        <SpotList key={`${selection.latitude},${selection.longitude}`} alerts={selection.alerts} onNote={onNote} />
      )}
    </Popup>
  );
}

/** Alerts listed at a time at one spot; the visitor asks for the next ones. */
const SPOT_PAGE = 20;

/** The alerts at one spot (zooming cannot split them): all counted, listed SPOT_PAGE at a time. */
function SpotList({ alerts, onNote }: { alerts: readonly Alert[]; onNote(message: string): void }) {
  const [shown, setShown] = useState(SPOT_PAGE);
  // The first alert "Pokaż kolejne" revealed takes the focus: the list goes on from there,
  // for the keyboard and the screen reader too.
  const [revealed, setRevealed] = useState<number>();
  const firstRevealed = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const item = firstRevealed.current;
    if (!item || !list.current) return;
    // Scrolled within the list only: focus() would scroll Leaflet's map container too.
    item.focus({ preventScroll: true });
    // A little below the top, for its focus outline.
    list.current.scrollTop += item.getBoundingClientRect().top - list.current.getBoundingClientRect().top - 4;
  }, [revealed]);
  return (
    <div className="wa-spot-list" ref={list}>
      <p>{pl.map.sameSpot(alerts.length)}</p>
      {alerts.slice(0, shown).map((alert, i) => (
        <div key={alert.id} {...(i === revealed ? { ref: firstRevealed, tabIndex: -1 } : {})}>
          {i > 0 && <hr />}
          <AlertPopup alert={alert} />
          <AlertActions alert={alert} onNote={onNote} />
        </div>
      ))}
      {shown < alerts.length && (
        <div className="wa-spot-more">
          <p>{pl.map.sameSpotShown(shown, alerts.length)}</p>
          <button
            type="button"
            onClick={(e) => {
              // The last page removes this button before the click reaches the map, which then
              // cannot tell that it came from inside the popup, and would close it.
              e.stopPropagation();
              setRevealed(shown);
              setShown(shown + SPOT_PAGE);
            }}
          >
            {pl.map.sameSpotMore}
          </button>
        </div>
      )}
    </div>
  );
}

function AlertActions({ alert, onNote }: { alert: Alert; onNote(message: string): void }) {
  return (
    <div className="wa-popup-actions">
      <Suspense fallback={null}>
        <ShareAlert alert={alert} onNote={onNote} />
        <ReportAbuse alertId={alert.id} />
      </Suspense>
    </div>
  );
}
