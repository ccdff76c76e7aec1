/** /addAlert: the form, with the outbox keeping what cannot be sent without a connection. */
import AddAlertScreen from '../../features/add-alert/components/add-alert-screen.tsx';
import { enqueueAlert } from '../../features/offline-queue/api/outbox.ts';

export default function AddAlertRoute() {
  return <AddAlertScreen onQueue={enqueueAlert} />;
}
