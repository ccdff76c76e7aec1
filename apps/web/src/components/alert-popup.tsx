/**
 * What a marker's popup says about one alert. Used by the map inside Leaflet's popup and by
 * the test screen as it is. Comments are React text: markup in them shows, never runs.
 */
import './alert-popup.css';
import type { ReactNode } from 'react';
import { animalByKey, animalName, type Alert } from '@wildalert/shared';
import { language, t } from '../i18n/i18n.ts';
import { formatCoordinates, fullDateTime, placeLine, relativeTime, sightingLine } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';
import { LazyAlertPhotos } from './lazy-alert-photos.tsx';
import { LazyWhatToDo } from './lazy-what-to-do.tsx';
import { LazyOfficialStatus } from './lazy-official-status.tsx';
import { LazyVerification } from './lazy-verification.tsx';

interface AlertPopupProps {
  alert: Alert;
  /** The visitor has just sent it: the advice for it shows unfolded. */
  justSent?: boolean;
  /** What the device that sent the alert is offered (following it), under its status. */
  reporter?: ReactNode;
  /** The alert's actions when they follow its text, before the advice (the map keeps a dangerous animal's call in view instead). */
  actions?: ReactNode;
}

/**
 * The sighting first (the animal, what was seen, the comment, photos, where and when), then what
 * the services did and what the reporter may do, then, for a dangerous animal, the advice folded.
 */
export function AlertPopup({ alert, justSent = false, reporter, actions }: AlertPopupProps) {
  const now = useNow();
  const animal = animalByKey(alert.animal);
  const name = animalName(animal, language());
  const { sensitive } = animal;
  const seen = sightingLine(alert);
  const place = placeLine(alert.place);
  return (
    <article className="wa-popup" aria-label={name} data-testid="alert-popup">
      <h2>{name}</h2>
      {seen !== '' && (
        <p className="wa-popup-sighting" data-testid="alert-sighting">
          {seen}
        </p>
      )}
      {alert.comments !== '' && (
        <p className="wa-popup-comments" data-testid="alert-comments">
          {alert.comments}
        </p>
      )}
      <LazyAlertPhotos photos={alert.photos} animal={name} />
      {/* The street and district, in the text's colour: where to look, before the coordinates for a program. */}
      {place && <p>{place}</p>}
      <p className="wa-popup-meta" data-testid="alert-coordinates">
        {formatCoordinates(alert.latitude, alert.longitude)}
      </p>
      {/* The API publishes a protected species' place rounded to a ~1 km cell. */}
      {sensitive && (
        <p className="wa-popup-meta" data-testid="alert-approximate">
          {t('popup.approximate')}
        </p>
      )}
      <p className="wa-popup-meta" data-testid="alert-time">
        <time dateTime={alert.createdAt} title={fullDateTime(alert.createdAt)}>
          {t('popup.reported', { when: relativeTime(alert.createdAt, now) })}
        </time>
      </p>
      <LazyVerification verification={alert.verification} animal={alert.animal} />
      <LazyOfficialStatus status={alert.officialStatus} now={now} />
      {reporter}
      {actions}
      <LazyWhatToDo alert={alert} justSent={justSent} />
    </article>
  );
}
