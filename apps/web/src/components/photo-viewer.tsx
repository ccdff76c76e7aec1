/**
 * The full view of an alert's photos: the larger copy over the whole screen, a modal dialog
 * (focus kept inside, named for screen readers). Escape and the close button go Back in
 * history, which closes it (see alert-photos.tsx). Loaded on demand, in a chunk of its own.
 */
import './photo-viewer.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Photo } from '@wildalert/shared';
import { t } from '../i18n/i18n.ts';

interface PhotoViewerProps {
  photos: readonly Photo[];
  index: number;
  animal: string;
  onIndex(index: number): void;
  onClose(): void;
}

export default function PhotoViewer({ photos, index, animal, onIndex, onClose }: PhotoViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const photo = photos[index] ?? photos[0]!;

  useLayoutEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  useEffect(() => setFailed(null), [photo.id]);

  const several = photos.length > 1;
  const step = (by: number) => onIndex((index + by + photos.length) % photos.length);
  const title = t('photos.title', { n: index + 1, count: photos.length, animal });

  // In <body>, outside the map: its keys and clicks never reach Leaflet's handlers.
  return createPortal(
    <dialog
      ref={dialog}
      className="wa-viewer"
      aria-label={title}
      data-testid="photo-viewer"
      onCancel={(e) => {
        // Escape: go back, as Back would; the history entry closes it.
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (!several) return;
        if (e.key === 'ArrowLeft') step(-1);
        if (e.key === 'ArrowRight') step(1);
      }}
    >
      <p className="wa-viewer-title">{title}</p>
      <button type="button" className="wa-viewer-close" onClick={onClose} aria-label={t('photos.close')} autoFocus>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
        </svg>
      </button>
      <div className="wa-viewer-stage">
        {failed === photo.id ? (
          <p role="alert">{t('photos.failed')}</p>
        ) : (
          <img key={photo.id} src={photo.url} width={photo.width} height={photo.height} alt={title} onError={() => setFailed(photo.id)} />
        )}
      </div>
      {several && (
        <>
          <button type="button" className="wa-viewer-step wa-viewer-previous" onClick={() => step(-1)} aria-label={t('photos.previous')}>
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
            </svg>
          </button>
          <button type="button" className="wa-viewer-step wa-viewer-next" onClick={() => step(1)} aria-label={t('photos.next')}>
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
            </svg>
          </button>
        </>
      )}
    </dialog>,
    document.body,
  );
}
