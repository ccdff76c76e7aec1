/** An alert's official status (official-status.tsx), its code and messages loaded only when an alert has one. */
import { lazy, Suspense, type ComponentType } from 'react';
import type { Alert } from '@wildalert/shared';
import { withMessages } from '../i18n/i18n.ts';
import type { OfficialStatusProps } from './official-status.tsx';

const OfficialStatus = lazy<ComponentType<OfficialStatusProps>>(() =>
  withMessages('official', () => import('./official-status.tsx'))().then(
    (m) => ({ default: m.OfficialStatus }),
    // Not loadable (the connection lost): the alert is shown without it.
    () => ({ default: () => null }),
  ),
);

export function LazyOfficialStatus({ status, ...props }: Omit<OfficialStatusProps, 'status'> & { status: Alert['officialStatus'] | undefined }) {
  // None yet (or an older API's answer, without the field).
  if (!status) return null;
  return (
    <Suspense fallback={null}>
      <OfficialStatus status={status} {...props} />
    </Suspense>
  );
}
