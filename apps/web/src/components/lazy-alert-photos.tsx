/**
 * An alert's thumbnails, their code loaded only when an alert with photos is shown: the map's
 * first visit does not carry it. The row's room is kept meanwhile, so nothing moves.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { withMessages } from '../i18n/i18n.ts';
import type { AlertPhotos as AlertPhotosType } from './alert-photos.tsx';

// With the photos' messages (the full view's too): the map's first paint carries neither.
const AlertPhotos = lazy(() =>
  withMessages('photos', () => import('./alert-photos.tsx'))().then(
    (m) => ({ default: m.AlertPhotos }),
    // Not loadable (the connection lost): the alert is shown without its photos.
    () => ({ default: () => null }),
  ),
);

export function LazyAlertPhotos(props: ComponentProps<typeof AlertPhotosType>) {
  if (props.photos.length === 0) return null;
  return (
    <Suspense fallback={<div className={`wa-photos-room ${props.className ?? ''}`} aria-hidden="true" />}>
      <AlertPhotos {...props} />
    </Suspense>
  );
}
