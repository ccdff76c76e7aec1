/**
 * The last alerts this device was shown, kept in IndexedDB: opened without a connection, the
 * map shows them, marked as such, instead of nothing. The service worker keeps no answer of
 * the API (an alert hidden since must not come back from a cache); this copy is the visitor's
 * own and is shown only while there is no connection. Loaded on demand, with idb-keyval.
 */
import { createStore, get, set } from 'idb-keyval';
import type { AlertListResponse, Cluster } from '@wildalert/shared';

export interface LastSeenAlerts {
  /** When the answer arrived (ms since the epoch). */
  savedAt: number;
  /** The alerts the map showed one by one. */
  answer: AlertListResponse;
  /** And its clusters. */
  clusters?: Cluster[];
}

const KEY = 'alerts';
let store: ReturnType<typeof createStore> | undefined;
const opened = () => (store ??= createStore('wildalert-last-seen', 'answers'));

export async function saveLastSeenAlerts(answer: AlertListResponse, clusters: Cluster[], savedAt = Date.now()): Promise<void> {
  await set(KEY, { savedAt, answer, clusters } satisfies LastSeenAlerts, opened());
}

export async function readLastSeenAlerts(): Promise<LastSeenAlerts | undefined> {
  const saved = await get<LastSeenAlerts>(KEY, opened());
  return saved && typeof saved.savedAt === 'number' && Array.isArray(saved.answer?.data) ? saved : undefined;
}
