/**
 * "What to do" for an alert whose animal is aggressive, injured or dead (what-to-do.tsx), its code
 * and messages loaded only when such an alert is shown: the map's first visit carries neither.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { isBehaviour, isUrgent, type Alert } from '@wildalert/shared';
import { withMessages } from '../i18n/i18n.ts';
import type { WhatToDoProps } from './what-to-do.tsx';

const WhatToDo = lazy<ComponentType<WhatToDoProps>>(() =>
  withMessages('what-to-do', () => import('./what-to-do.tsx'))().then(
    (m) => ({ default: m.WhatToDo }),
    // Not loadable (the connection lost): the alert is shown without it, as before.
    () => ({ default: () => null }),
  ),
);

export function LazyWhatToDo({ alert, justSent }: { alert: Pick<Alert, 'animal' | 'latitude' | 'longitude' | 'behaviour'>; justSent: boolean }) {
  const { behaviour } = alert;
  if (!isBehaviour(behaviour) || !isUrgent(behaviour)) return null;
  return (
    <Suspense fallback={<div className="wa-what-to-do-room" aria-hidden="true" />}>
      <WhatToDo alert={{ ...alert, behaviour }} justSent={justSent} />
    </Suspense>
  );
}
