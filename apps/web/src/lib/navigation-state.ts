/** What one screen hands the map through the router's location state. */
import type { Alert } from '@wildalert/shared';

export interface MapLocationState {
  /** Just added: the map centres on it, opens its popup and thanks the visitor. */
  createdAlert: Alert;
}

export function createdAlertOf(state: unknown): Alert | undefined {
  const alert = (state as Partial<MapLocationState> | null)?.createdAlert;
  return alert && typeof alert.id === 'string' && typeof alert.latitude === 'number' ? alert : undefined;
}
