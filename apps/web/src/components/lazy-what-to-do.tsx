/**
 * "What to do" for an alert whose animal is aggressive, injured or dead (what-to-do.tsx): the
 * call kept in view and the advice after the sighting, their code and messages loaded only when
 * such an alert is shown: the map's first visit carries neither.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { isBehaviour, isUrgent, type Alert } from '@wildalert/shared';
import { withMessages } from '../i18n/i18n.ts';
import type { WhatToDoProps } from './what-to-do.tsx';

type UrgentAlert = Pick<Alert, 'animal' | 'latitude' | 'longitude' | 'behaviour'>;

const load = withMessages('what-to-do', () => import('./what-to-do.tsx'));
const WhatToDo = lazy<ComponentType<WhatToDoProps & { call?: boolean }>>(() =>
  load().then(
    (m) => ({ default: ({ call, ...props }) => (call ? <m.CallNow {...props} /> : <m.WhatToDo {...props} />) }),
    // Not loadable (the connection lost): the alert is shown without it, as before.
    () => ({ default: () => null }),
  ),
);

/** Whether an alert's popup offers a call and advice: its call then takes the place kept in view. */
export const callsForHelp = ({ behaviour }: UrgentAlert): boolean => isUrgent(behaviour);

/** The fold after the sighting, or (`call`) the one call to make, a line under the text; nothing for an alert that calls for neither. */
export function LazyWhatToDo({ alert, justSent = false, call = false }: { alert: UrgentAlert; justSent?: boolean; call?: boolean }) {
  const { behaviour } = alert;
  if (!isBehaviour(behaviour) || !isUrgent(behaviour)) return null;
  return (
    <Suspense fallback={<div className={call ? 'wa-call-now-room' : 'wa-what-to-do-room'} aria-hidden="true" />}>
      <WhatToDo alert={{ ...alert, behaviour }} justSent={justSent} call={call} />
    </Suspense>
  );
}
