/**
 * "Obserwuj zgłoszenie" (follow-report.tsx) under an alert this device reported, its code and
 * messages loaded only then: the map's first visit, and every other alert's popup, carry neither.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { withMessages } from '../i18n/i18n.ts';
import { useIsMyReport } from '../lib/my-reports.ts';
import type { FollowReportProps } from './follow-report.tsx';

const FollowReport = lazy<ComponentType<FollowReportProps>>(() =>
  withMessages('follow', () => import('./follow-report.tsx'))().then(
    (m) => ({ default: m.FollowReport }),
    // Not loadable (the connection lost): the popup is shown without it.
    () => ({ default: () => null }),
  ),
);

export function LazyFollowReport({ alertId }: FollowReportProps) {
  if (!useIsMyReport(alertId)) return null;
  return (
    <Suspense fallback={null}>
      <FollowReport alertId={alertId} />
    </Suspense>
  );
}
