import { useSyncExternalStore } from 'react';

/**
 * The reports this device sent, kept on the device (localStorage): each alert's Alert-Key, the
 * proof that this device reported it (following it needs that), and whether the device follows
 * it, with which push endpoint. No account: clearing the site's data forgets them.
 */

export interface MyReport {
  /** The Alert-Key the server answered the report with. */
  key: string;
  /** ISO time the device learnt it was stored. */
  at: string;
  /** The push endpoint the device follows it with; absent while it does not. */
  followedWith?: string;
}

const STORAGE_KEY = 'wildalert-my-reports';
/** The newest this many: a report older than a few dozen others is long settled. */
export const KEPT_REPORTS = 50;

type Reports = Record<string, MyReport>;

/** Who shows whether an alert is this device's (a popup open while its report's photos were still sending). */
const listeners = new Set<() => void>();

function read(): Reports {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Reports) : {};
  } catch {
    // No storage (a private window's) or unreadable: nothing remembered.
    return {};
  }
}

function write(reports: Reports): void {
  const newest = Object.entries(reports)
    .sort(([, a], [, b]) => b.at.localeCompare(a.at))
    .slice(0, KEPT_REPORTS);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Full or forbidden: the report is still sent; only following it later is lost.
  }
  for (const listener of listeners) listener();
}

/** Remembers that this device reported `alertId` (the outbox calls it once the server stored it). */
export function rememberReport(alertId: string, key: string, at = new Date().toISOString()): void {
  const reports = read();
  if (reports[alertId]?.key === key) return;
  write({ ...reports, [alertId]: { key, at } });
}

/** This device's report `alertId`, if it sent it. */
export function myReport(alertId: string): MyReport | undefined {
  return read()[alertId];
}

/** Whether this device reported `alertId`, and again whenever that changes (the outbox remembering it once it is sent). */
export function useIsMyReport(alertId: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => myReport(alertId) !== undefined,
  );
}

/** Records that the device follows `alertId` with `endpoint`, or (undefined) no longer does. */
export function setFollowed(alertId: string, endpoint: string | undefined): void {
  const reports = read();
  const report = reports[alertId];
  if (!report) return;
  const { followedWith: _, ...rest } = report;
  write({ ...reports, [alertId]: endpoint === undefined ? rest : { ...rest, followedWith: endpoint } });
}
