/** Alerts: searches through the search cache, and a new alert (its transaction, then its publication). */
import type { AlertsQuery, CreateAlertBody } from '@wildalert/shared';
import type { SearchCache } from '../caches/search-cache.ts';
import type { AlertsRepository, CreateResult } from '../repositories/alerts-repository.ts';
import type { AlertChanges } from './alert-changes.ts';
import type { AlertKeys } from '../repositories/alert-keys.ts';
import type { Queryable } from '../db/database.ts';
import type { Config } from '../config.ts';
import { catalogueChecks } from './plausibility.ts';

export interface AlertsServiceOptions {
  alerts: AlertsRepository;
  alertKeys: AlertKeys;
  searchCache: SearchCache;
  changes: AlertChanges;
  /** Puts a new alert in the inboxes it is for, inside its transaction (inbox-service.ts). */
  route: (tx: Queryable, alertId: string) => Promise<unknown>;
  /** The plausibility checks' city centre (plausibility.ts). */
  cityCentre: Config['cityCentre'];
}

export function alertsService({ alerts, alertKeys, searchCache, changes, route, cityCentre }: AlertsServiceOptions) {
  return {
    /** The map's search, as JSON text; identical searches share one answer until the next change. */
    search: (query: AlertsQuery) => searchCache.get(query, () => alerts.search(query)),

    /**
     * Stores a new alert (or, for a retried Idempotency-Key of this network, answers the first)
     * with its inbox entries, and publishes it before resolving. Answers the alert's Alert-Key, which lets its reporter
     * add photos. `network` is the reporter's (its votes and reports are not independent of it).
     * The report's plausibility is checked here and stored with it (plausibility.ts).
     * Throws IdempotencyKeyReusedError, ReplayedAlertHiddenError.
     */
    async create(body: CreateAlertBody, network: string, idempotencyKey: string | undefined): Promise<CreateResult & { alertKey: string }> {
      const idempotency = idempotencyKey === undefined ? undefined : { key: idempotencyKey, network };
      const result = await alerts.create(body, idempotency, route, { network, checks: catalogueChecks(body, cityCentre) });
      if (!result.replayed) await changes.published();
      return { ...result, alertKey: alertKeys.of(result.alert.id) };
    },
  };
}

export type AlertsService = ReturnType<typeof alertsService>;
