/** The popup of what the visitor picked on the map: one alert, or the alerts at one spot, each with its actions. */
import { Suspense, useMemo } from 'react';
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
  // The same array while the place is the same: react-leaflet takes a new one for a new popup,
  // and would close and reopen this one on every render of the map (losing the focus in it, and
  // an open dialog's place above the page).
  const position = useMemo<[number, number]>(() => [latitude, longitude], [latitude, longitude]);
  return (
    <Popup position={position} offset={[1, -34]} eventHandlers={{ remove: () => onClose(selection) }}>
      {selection.kind === 'alert' ? (
        <>
          <AlertPopup alert={selection.alert} />
          <AlertActions alert={selection.alert} onNote={onNote} />
        </>
      ) : (
        <div className="wa-spot-list">
          <p>{pl.map.sameSpot(selection.alerts.length)}</p>
          {selection.alerts.map((alert, i) => (
            <div key={alert.id}>
              {i > 0 && <hr />}
              <AlertPopup alert={alert} />
              <AlertActions alert={alert} onNote={onNote} />
            </div>
          ))}
        </div>
      )}
    </Popup>
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
