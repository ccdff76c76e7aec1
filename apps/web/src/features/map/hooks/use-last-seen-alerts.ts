/**
 * Without a connection and without a fresh answer, the alerts last seen (api/last-seen-alerts.ts),
 * filtered as the map is now; every fresh answer is kept for that day.
 */
import { useEffect, useMemo, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Alert, AlertListResponse } from '@wildalert/shared';
import { isOffline } from '../../../lib/api-client.ts';
import { showsAnimal, sinceOf, type MapFilters } from '../../../lib/map-url.ts';
import type { LastSeenAlerts } from '../api/last-seen-alerts.ts';

/** Not needed for the map's first paint. */
const store = () => import('../api/last-seen-alerts.ts');

export interface ShownLastSeen {
  alerts: readonly Alert[];
  savedAt: number;
}

export function useLastSeenAlerts(search: UseQueryResult<AlertListResponse>, filters: MapFilters): ShownLastSeen | undefined {
  const fresh = search.isSuccess && !search.isPlaceholderData ? search.data : undefined;
  useEffect(() => {
    // Storage full or refused (a private window): there is simply nothing to show later.
    if (fresh) store().then((s) => s.saveLastSeenAlerts(fresh)).catch(() => undefined);
  }, [fresh]);

  // Waiting for a connection (TanStack Query pauses the search), or failed for want of one.
  const offline = search.data === undefined && (search.fetchStatus === 'paused' || (search.isError && isOffline(search.error)));
  const [saved, setSaved] = useState<LastSeenAlerts>();
  useEffect(() => {
    if (!offline) return;
    let current = true;
    store().then((s) => s.readLastSeenAlerts()).then(
      (s) => current && setSaved(s),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [offline]);

  return useMemo(() => {
    if (!offline || !saved) return undefined;
    const since = sinceOf(filters.window, Date.now());
    const from = since === undefined ? -Infinity : Date.parse(since);
    const alerts = saved.answer.data.filter((a) => showsAnimal(filters, a.animal) && Date.parse(a.createdAt) >= from);
    return { alerts, savedAt: saved.savedAt };
  }, [offline, saved, filters]);
}
