/** /addAlert: the form, which queues the alert and its photos in the outbox, the one thing that sends them. */
import AddAlertScreen from '../../features/add-alert/components/add-alert-screen.tsx';
import { theOutbox } from '../../features/offline-queue/api/outbox.ts';

export default function AddAlertRoute() {
  return <AddAlertScreen outbox={theOutbox()} />;
}
