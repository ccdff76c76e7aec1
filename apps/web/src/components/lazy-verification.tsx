/** An alert's verification level (verification.tsx), its code and messages loaded only when it is more than unverified. */
import { lazy, Suspense, type ComponentType } from 'react';
import type { Alert } from '@wildalert/shared';
import { withMessages } from '../i18n/i18n.ts';
import type { VerificationProps } from './verification.tsx';

const Verification = lazy<ComponentType<VerificationProps>>(() =>
  withMessages('official', () => import('./verification.tsx'))().then(
    (m) => ({ default: m.VerificationLevel }),
    // Not loadable (the connection lost): the alert is shown without it.
    () => ({ default: () => null }),
  ),
);

export function LazyVerification({ verification, ...props }: Omit<VerificationProps, 'verification'> & { verification: Alert['verification'] | undefined }) {
  // Unverified says nothing (or an older API's answer, without the field).
  if (!verification || verification.level === 'unverified') return null;
  return (
    <Suspense fallback={null}>
      <Verification verification={verification} {...props} />
    </Suspense>
  );
}
