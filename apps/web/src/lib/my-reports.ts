import { useMemo, useSyncExternalStore } from 'react';
import { MY_REPORTS_KEY, myReportsChanged, storedMyReports, subscribeMyReports } from './my-reports-store.ts';

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

/** The newest this many: a report older than a few dozen others is long settled. */
export const KEPT_REPORTS = 50;

type Reports = Record<string, MyReport>;

function read(): Reports {
  return parse(storedMyReports());
}

function parse(text: string | null): Reports {
  try {
    const parsed = JSON.parse(text ?? '{}') as unknown;
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
    localStorage.setItem(MY_REPORTS_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Full or forbidden: the report is still sent; only following it later is lost.
  }
  myReportsChanged();
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
  return useSyncExternalStore(subscribeMyReports, () => myReport(alertId) !== undefined);
}

/** The alerts this device reported, the newest first, kept current. */
export function useMyReports(): { alertId: string; report: MyReport }[] {
  const text = useSyncExternalStore(subscribeMyReports, storedMyReports);
  return useMemo(
    () =>
      Object.entries(parse(text))
        // An entry written by an older app without its time is still listed, last.
        .map(([alertId, report]): [string, MyReport] => [alertId, { ...report, at: typeof report.at === 'string' ? report.at : '' }])
        .sort(([, a], [, b]) => b.at.localeCompare(a.at))
        .map(([alertId, report]) => ({ alertId, report })),
    [text],
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
