/**
 * "What to do" for an alert whose animal is aggressive, injured or dead (what-to-do.tsx): the
 * call kept in view and the advice after the sighting, their code and messages loaded only when
 * such an alert is shown: the map's first visit carries neither.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { isBehaviour, isUrgent, type Alert, type Behaviour } from '@wildalert/shared';
import { withMessages } from '../i18n/i18n.ts';
import type { WhatToDoProps } from './what-to-do.tsx';

type UrgentAlert = Pick<Alert, 'animal' | 'latitude' | 'longitude' | 'behaviour'>;

const load = withMessages('what-to-do', () => import('./what-to-do.tsx'));
// Not loadable (the connection lost): the alert is shown without them, as before.
const none = () => ({ default: () => null });
const WhatToDo = lazy<ComponentType<WhatToDoProps>>(() => load().then((m) => ({ default: m.WhatToDo }), none));
const CallNow = lazy<ComponentType<Pick<WhatToDoProps, 'alert'>>>(() => load().then((m) => ({ default: m.CallNow }), none));

/** The alert's behaviour when it calls for "what to do" (aggressive, injured, dead). */
function urgentBehaviour({ behaviour }: UrgentAlert): Behaviour | undefined {
  return isBehaviour(behaviour) && isUrgent(behaviour) ? behaviour : undefined;
}

/** Whether an alert's popup offers a call and advice: its call then takes the place kept in view. */
export const callsForHelp = (alert: UrgentAlert): boolean => urgentBehaviour(alert) !== undefined;

export function LazyWhatToDo({ alert, justSent }: { alert: UrgentAlert; justSent: boolean }) {
  const behaviour = urgentBehaviour(alert);
  if (!behaviour) return null;
  return (
    <Suspense fallback={<div className="wa-what-to-do-room" aria-hidden="true" />}>
      <WhatToDo alert={{ ...alert, behaviour }} justSent={justSent} />
    </Suspense>
  );
}

/** The one call to make about the alert, a line under its text (nothing for an alert that calls for none). */
export function LazyCallNow({ alert }: { alert: UrgentAlert }) {
  const behaviour = urgentBehaviour(alert);
  if (!behaviour) return null;
  return (
    <Suspense fallback={<div className="wa-call-now-room" aria-hidden="true" />}>
      <CallNow alert={{ ...alert, behaviour }} />
    </Suspense>
  );
}
