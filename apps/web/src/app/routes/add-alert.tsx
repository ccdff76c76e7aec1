/** /addAlert: the form, with the outbox keeping what cannot be sent without a connection, photos included. */
import type { Photo } from '@wildalert/shared';
import { createAlert } from '../../features/add-alert/api/create-alert.ts';
import { uploadPhoto } from '../../features/add-alert/api/upload-photo.ts';
import AddAlertScreen from '../../features/add-alert/components/add-alert-screen.tsx';
import { cancelQueuedAlert, enqueueAlert, releaseAlert, sendPhotosNow, type Senders } from '../../features/offline-queue/api/outbox.ts';

const senders: Senders = {
  alert: (body, key) => createAlert(body, key).then((r) => ({ id: r.data.id, alertKey: r.alertKey })),
  photo: uploadPhoto,
};

const sendPhotos = (key: string, onPhoto: (photo: Photo) => void) => sendPhotosNow(key, senders, onPhoto);

export default function AddAlertRoute() {
  return <AddAlertScreen onQueue={enqueueAlert} onRelease={releaseAlert} onDiscard={cancelQueuedAlert} onSendPhotos={sendPhotos} />;
}
