/**
 * "Pokaż moje położenie": the map returns to the visitor's position (asked for afresh); when
 * there is none, a note says why instead of nothing happening.
 */
import { useState } from 'react';
import { RoundMapButton } from '../../../components/map/round-map-button.tsx';
import { locate } from '../../../lib/geolocation.ts';
import { mapView } from '../../../lib/map-view.ts';
import { t } from '../../../i18n/i18n.ts';

/** Close enough to see the streets around. */
const LOCATE_ZOOM = 16;
const CROSSHAIRS =
  'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8.94 3A8.994 8.994 0 0 0 13 3.06V1h-2v2.06A8.994 8.994 0 0 0 3.06 11H1v2h2.06A8.994 8.994 0 0 0 11 20.94V23h2v-2.06A8.994 8.994 0 0 0 20.94 13H23v-2h-2.06zM12 19c-3.87 0-7-3.13-7-7s3.13-7 7-7 7 3.13 7 7-3.13 7-7 7z';

export function LocateButton({ onNote }: { onNote(message: string): void }) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    const answer = await locate({ fresh: true });
    setBusy(false);
    if ('failure' in answer) {
      onNote(t(`locate.failed.${answer.failure}`));
      return;
    }
    const { latitude, longitude } = answer.position;
    mapView.go({ latitude, longitude, zoom: Math.max(mapView.get().view.zoom, LOCATE_ZOOM) });
  };
  return (
    <RoundMapButton
      place="first"
      icon={CROSSHAIRS}
      label={t('locate.action')}
      title={busy ? t('locate.busy') : t('locate.action')}
      aria-busy={busy}
      onClick={() => void go()}
    />
  );
}
