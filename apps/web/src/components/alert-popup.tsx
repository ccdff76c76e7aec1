/**
 * What a marker's popup says about one alert. Used by the map inside Leaflet's popup and by
 * the test screen as it is. Comments are React text: markup in them shows, never runs.
 */
import './alert-popup.css';
import { animalByKey, type Alert } from '@wildalert/shared';
import { pl } from '../i18n/pl.ts';
import { formatCoordinates, relativeTimePl } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';
import { LazyAlertPhotos } from './lazy-alert-photos.tsx';

export function AlertPopup({ alert }: { alert: Alert }) {
  const now = useNow();
  const { namePl: name, sensitive } = animalByKey(alert.animal);
  return (
    <article className="wa-popup" aria-label={name} data-testid="alert-popup">
      <h2>{name}</h2>
      {alert.comments !== '' && (
        <p className="wa-popup-comments" data-testid="alert-comments">
          {alert.comments}
        </p>
      )}
      <LazyAlertPhotos photos={alert.photos} animal={name} />
      <p className="wa-popup-meta" data-testid="alert-coordinates">
        {formatCoordinates(alert.latitude, alert.longitude)}
      </p>
      {/* The API publishes a protected species' place rounded to a ~1 km cell. */}
      {sensitive && (
        <p className="wa-popup-meta" data-testid="alert-approximate">
          {pl.popup.approximate}
        </p>
      )}
      <p className="wa-popup-meta" data-testid="alert-time">
        {pl.popup.added}{' '}
        <time dateTime={alert.createdAt} title={new Date(alert.createdAt).toLocaleString('pl-PL')}>
          {relativeTimePl(alert.createdAt, now, pl.popup.justNow)}
        </time>
      </p>
    </article>
  );
}
