/**
 * The list view: the map's alerts as a list, newest first, for reading and for keyboard and
 * screen-reader use (the accessible alternative to the map). Each item opens its alert on
 * the map. Links to the same alerts as open data. Loaded on demand.
 */
import './toolbar-and-list.css';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { animalByKey, type Alert } from '@wildalert/shared';
import { alertPath } from '../../../config/paths.ts';
import { pl } from '../../../i18n/pl.ts';
import { distanceMetres } from '@wildalert/shared';
import { formatDistancePl } from '../../../lib/distance.ts';
import { relativeTimePl } from '../../../lib/format.ts';
import { usePosition, type Position } from '../../../lib/geolocation.ts';
import { useMapView } from '../../../lib/map-view.ts';
import { useNow } from '../../../lib/use-now.ts';

interface AlertListProps {
  alerts: readonly Alert[];
  /** The search's query string (see get-alerts.ts), for the open-data links. */
  exportQuery: string;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  onOpen(alert: Alert): void;
}

export function AlertList({ alerts, exportQuery, loading, failed, onRetry, onOpen }: AlertListProps) {
  const now = useNow();
  const visitor = usePosition();
  const { view } = useMapView();
  // Distances from the visitor when their position is known, else from where the map looks.
  const from: Position = visitor ?? view;
  const newestFirst = useMemo(() => [...alerts].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [alerts]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened by the toggle: the reader lands on the list, not back at the top of the page.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="wa-list" aria-labelledby="wa-list-title">
      <div className="wa-list-head">
        <h2 id="wa-list-title" ref={heading} tabIndex={-1}>
          {pl.find.listTitle(newestFirst.length)}
        </h2>
        <p className="wa-list-download">
          <a href={`/Alerts.geojson?${exportQuery}`} download="wildalert-alerts.geojson">
            {pl.find.download} (GeoJSON)
          </a>
          <a href={`/Alerts.csv?${exportQuery}`} download="wildalert-alerts.csv">
            {pl.find.download} (CSV)
          </a>
        </p>
      </div>
      <p className="wa-list-note">{visitor ? pl.find.distanceFromYou : pl.find.distanceFromMap}</p>
      {loading ? (
        <p className="wa-list-note" role="status">
          {pl.map.loadingAlerts}
        </p>
      ) : failed ? (
        <p className="wa-list-note" role="alert">
          {pl.map.loadFailed}{' '}
          <button type="button" className="wa-list-retry" onClick={onRetry}>
            {pl.map.retry}
          </button>
        </p>
      ) : newestFirst.length === 0 ? (
        <p className="wa-list-note">{pl.find.empty}</p>
      ) : (
        <ol className="wa-list-items">
          {newestFirst.map((alert) => {
            const name = animalByKey(alert.animal).namePl;
            const when = relativeTimePl(alert.createdAt, now, pl.popup.justNow);
            return (
              <li key={alert.id} className="wa-list-item">
                <h3>
                  <Link
                    to={alertPath(alert.id)}
                    aria-label={pl.find.openOnMap(name, when)}
                    onClick={(event) => {
                      event.preventDefault();
                      onOpen(alert);
                    }}
                  >
                    {name}
                  </Link>
                </h3>
                {alert.comments !== '' && <p className="wa-list-comments">{alert.comments}</p>}
                <p className="wa-list-meta">
                  <time dateTime={alert.createdAt}>{when}</time> · {formatDistancePl(distanceMetres(from, alert))}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
