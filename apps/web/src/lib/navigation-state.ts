/** What one screen hands the map through the router's location state. */
import type { Alert } from '@wildalert/shared';

export type MapLocationState =
  /** Just added: the map centres on it, opens its popup and thanks the visitor. */
  | { createdAlert: Alert }
  /** Confirmed "still there" instead of adding a new one (the add form's duplicate hint): thanked, on its permalink. */
  | { confirmedAlert: Alert };

const alertIn = (state: unknown, key: 'createdAlert' | 'confirmedAlert'): Alert | undefined => {
  const alert = (state as Partial<Record<typeof key, Alert>> | null)?.[key];
  return alert && typeof alert.id === 'string' && typeof alert.latitude === 'number' ? alert : undefined;
};

export function createdAlertOf(state: unknown): Alert | undefined {
  return alertIn(state, 'createdAlert');
}

export function confirmedAlertOf(state: unknown): Alert | undefined {
  return alertIn(state, 'confirmedAlert');
}
