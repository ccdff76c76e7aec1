/**
 * An alert's photos as a row of thumbnails (in the popup and the list): lazy-loaded, each in a
 * box of fixed size so nothing moves as they arrive. A tap opens the larger copy in the full
 * view, loaded on demand; the full view is a history entry, so the browser's Back closes it.
 */
import './alert-photos.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Photo } from '@wildalert/shared';
import { t } from '../i18n/i18n.ts';

const PhotoViewer = lazy(() => import('./photo-viewer.tsx'));

/** A thumbnail's side in CSS pixels (a touch target too). */
const THUMB_PX = 64;

interface AlertPhotosProps {
  photos: readonly Photo[];
  /** The animal's name, to name the photos for screen readers. */
  animal: string;
  className?: string;
}

export function AlertPhotos({ photos, animal, className }: AlertPhotosProps) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const isOpen = open !== null;

  // Back (or Escape, which goes back) closes the full view; the focus returns to the thumbnail
  // once the dialog has left (nothing outside an open modal dialog takes the focus).
  useEffect(() => {
    if (!isOpen) return;
    const onPop = () => setOpen(null);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      opener.current?.focus();
    };
  }, [isOpen]);

  if (photos.length === 0) return null;
  const show = (index: number, button: HTMLButtonElement) => {
    opener.current = button;
    // The same address and router state: only Back's stop for the full view.
    window.history.pushState(window.history.state, '');
    setOpen(index);
  };
  return (
    <>
      <ul className={`wa-photos ${className ?? ''}`} aria-label={t('photos.list', { count: photos.length })} data-testid="alert-photos">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button type="button" aria-label={t('photos.open', { n: i + 1, count: photos.length, animal })} onClick={(e) => show(i, e.currentTarget)} aria-haspopup="dialog">
              <img src={photo.thumbnailUrl} alt="" width={THUMB_PX} height={THUMB_PX} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoViewer photos={photos} index={open} animal={animal} onIndex={setOpen} onClose={() => window.history.back()} />
        </Suspense>
      )}
    </>
  );
}
