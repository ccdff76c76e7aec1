/**
 * "Czeka na wysłanie": the alerts in the outbox, above every screen while there are any, with
 * "Wyślij teraz" and a way to cancel each. Plain elements, like the frame it sits in.
 */
import './outbox-panel.css';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCoordinates, sightingLine } from '../../../lib/format.ts';
import { theOutbox } from '../api/outbox.ts';
import { animalNameOf, loadMessages, t } from '../../../i18n/i18n.ts';

export default function OutboxPanel() {
  const queryClient = useQueryClient();
  const outbox = theOutbox();
  // One the add form is sending is not waiting yet: listed once its first go has ended.
  const all = useSyncExternalStore(outbox.subscribe, outbox.list);
  const items = all.filter((item) => !item.fresh);
  const [sending, setSending] = useState(false);
  /** Shown for a while after the outbox sent something, so the visitor knows it went. */
  const [sentCount, setSentCount] = useState(0);

  useEffect(
    () =>
      outbox.subscribe((change, entry) => {
        // A photo stored: the map shows it with its alert.
        if (change === 'photo-sent') void queryClient.invalidateQueries({ queryKey: ['alerts'] });
        // What the form sent and shows itself is not news here.
        if (change !== 'sent' || !entry || entry.fresh) return;
        setSentCount((n) => n + 1);
        // Stored now: the map shows it.
        void queryClient.invalidateQueries({ queryKey: ['alerts'] });
      }),
    [outbox, queryClient],
  );
  // The photos' messages, loaded only when a queued alert has photos.
  const [photosReady, setPhotosReady] = useState(false);
  const withPhotos = items.some((item) => item.photos.length > 0);
  useEffect(() => {
    if (withPhotos) void loadMessages('photos').then(() => setPhotosReady(true), () => undefined);
  }, [withPhotos]);
  useEffect(() => {
    if (sentCount === 0) return;
    const timer = setTimeout(() => setSentCount(0), 6000);
    return () => clearTimeout(timer);
  }, [sentCount]);

  if (items.length === 0) {
    return sentCount > 0 ? (
      <p className="wa-outbox wa-outbox-sent" role="status" data-testid="outbox-sent">
        {t('outbox.sent', { count: sentCount })}
      </p>
    ) : null;
  }
  const sendNow = () => {
    setSending(true);
    void outbox.flush().finally(() => setSending(false));
  };
  return (
    <section className="wa-outbox" aria-labelledby="wa-outbox-title" data-testid="outbox">
      <details>
        <summary>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z"
            />
          </svg>
          <span id="wa-outbox-title" role="status">
            {t('outbox.waiting', { count: items.length })}
          </span>
        </summary>
        <p className="wa-outbox-hint">{t('outbox.hint')}</p>
        <ul>
          {items.map((item) => {
            const photos = item.photos;
            const waitingPhotos = photos.filter((p) => !p.refused).length;
            const seen = sightingLine(item.body);
            return (
              <li key={item.id} data-testid="outbox-item">
                <span>
                  <strong>{animalNameOf(item.body.animal)}</strong>{' '}
                  <span className="wa-outbox-meta">
                    {formatCoordinates(item.body.latitude, item.body.longitude)}
                    {seen !== '' && ` · ${seen}`}
                    {photosReady && !item.stored && photos.length > 0 && ` ${t('photos.outbox.with', { count: photos.length })}`}
                    {item.refused && ` — ${t('outbox.refused', { status: item.refused.status })}`}
                    {photosReady && item.stored && waitingPhotos > 0 && ` — ${t('photos.outbox.waiting', { count: waitingPhotos })}`}
                    {photosReady &&
                      photos.map((p, i) => p.refused && <span key={p.key}>{` — ${t('photos.outbox.refused', { n: i + 1, reason: refusal(p.refused.status), status: p.refused.status })}`}</span>)}
                  </span>
                </span>
                <button type="button" onClick={() => void outbox.cancel(item.id)}>
                  {photosReady && item.stored !== undefined && waitingPhotos === 0 ? t('photos.outbox.dismiss') : t('outbox.cancel')}
                </button>
              </li>
            );
          })}
        </ul>
      </details>
      <button type="button" className="wa-outbox-send" onClick={sendNow} disabled={sending}>
        {sending ? t('outbox.sending') : t('outbox.sendNow')}
      </button>
    </section>
  );
}

/** Why the server refused a photo, from its answer's status (a `select` of photos.outbox.refused). */
function refusal(status: number): string {
  switch (status) {
    case 413:
      return 'tooLarge';
    case 415:
      return 'notImage';
    case 400:
      return 'full';
    case 403:
    case 404:
      return 'closed';
    default:
      return 'other';
  }
}
