/** What the visitor picked on the map — one alert, or the alerts at one spot — whose popup is open. */
import { useCallback, useEffect, useState } from 'react';
import type { Alert } from '@wildalert/shared';

export type Selection =
  | { kind: 'alert'; alert: Alert }
  | { kind: 'spot'; latitude: number; longitude: number; alerts: Alert[] };

/**
 * `created`: an alert just added, open from the start. `focused`: a permalink's alert,
 * opened when it arrives. `removed`: alerts hidden by moderation, whose popup closes.
 */
export function useSelection(created: Alert | undefined, focused: Alert | undefined, removed: ReadonlySet<string>) {
  const [selection, setSelection] = useState<Selection | null>(() => (created ? { kind: 'alert', alert: created } : null));
  useEffect(() => {
    if (focused) setSelection({ kind: 'alert', alert: focused });
  }, [focused]);
  useEffect(() => {
    if (selection?.kind === 'alert' && removed.has(selection.alert.id)) setSelection(null);
  }, [removed, selection]);
  /** A popup closed: its selection ends, unless another has replaced it already. */
  const unselect = useCallback((s: Selection) => setSelection((now) => (now === s ? null : now)), []);
  return { selection, select: setSelection, unselect };
}
