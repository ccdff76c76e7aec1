/**
 * Without a connection and without a fresh answer, the alerts and clusters last seen
 * (api/last-seen-alerts.ts), filtered as the map is now; every fresh view is kept for that day.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Alert, Cluster } from '@wildalert/shared';
import { showsAnimal, showsLevel, sinceOf, type MapFilters } from '../../../lib/map-url.ts';
import type { LastSeenAlerts } from '../api/last-seen-alerts.ts';
import type { MapItems } from './use-map-items.ts';

/** Not needed for the map's first paint. */
const store = () => import('../api/last-seen-alerts.ts');

export interface ShownLastSeen {
  alerts: readonly Alert[];
  clusters: readonly Cluster[];
  savedAt: number;
}

/** `fresh`: the view's items once every tile answered; `offline`: no tile could be asked. */
export function useLastSeenAlerts(fresh: MapItems | undefined, offline: boolean, filters: MapFilters): ShownLastSeen | undefined {
  useEffect(() => {
    // Storage full or refused (a private window): there is simply nothing to show later.
    if (fresh) {
      const clusters = fresh.clusters.map(({ latitude, longitude, count, animals, spot }) => ({ latitude, longitude, count, animals, spot }));
      store().then((s) => s.saveLastSeenAlerts({ data: [...fresh.alerts], truncated: false }, clusters)).catch(() => undefined);
    }
  }, [fresh]);

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
    const alerts = saved.answer.data.filter((a) => showsAnimal(filters, a.animal) && showsLevel(filters, a) && Date.parse(a.createdAt) >= from);
    // A cluster's animals are known, its times are not: the animal filter applies, the window cannot.
    // Nor are its levels: confirmed only shows none rather than counts of unconfirmed reports.
    const clusters = (filters.confirmed ? [] : (saved.clusters ?? [])).flatMap((c) => {
      const animals = Object.fromEntries(Object.entries(c.animals).filter(([animal]) => showsAnimal(filters, animal)));
      const count = Object.values(animals).reduce((s, n) => s + n, 0);
      return count > 1 ? [{ ...c, animals, count }] : [];
    });
    return { alerts, clusters, savedAt: saved.savedAt };
  }, [offline, saved, filters]);
}
