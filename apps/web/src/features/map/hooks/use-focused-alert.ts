/**
 * A permalink's alert (/alerts/:id): loaded, the map centred on it, and a message when it
 * cannot be shown. A permalink that came with a view in its address keeps that view.
 */
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { mapView, type MapView } from '../../../lib/map-view.ts';
import { alertQuery } from '../../../lib/get-alert.ts';
import { ALERT_ZOOM } from './use-start-view.ts';

export function useFocusedAlert(id: string | undefined, addressView: MapView | undefined) {
  const [keepViewFor] = useState(() => (addressView ? id : undefined));
  const focused = useQuery(alertQuery(id));
  const alert = focused.data?.data;
  useEffect(() => {
    if (!alert || alert.id === keepViewFor) return;
    const zoom = Math.max(mapView.get().view.zoom, ALERT_ZOOM);
    mapView.set({ latitude: alert.latitude, longitude: alert.longitude, zoom });
  }, [alert, keepViewFor]);

  const [dismissed, setDismissed] = useState<unknown>(null);
  const failure =
    focused.error && focused.error !== dismissed
      ? focused.error instanceof ApiError && focused.error.status === 404
        ? t('find.notFound')
        : t('find.alertFailed')
      : null;
  const dismissFailure = useCallback(() => setDismissed(focused.error), [focused.error]);
  return { alert, failure, dismissFailure };
}
