/**
 * The list view: the map's alerts as a list, the last seen first, for reading and for keyboard and
 * screen-reader use (the accessible alternative to the map). Each item opens its alert on
 * the map; Back returns to the list where it was left. Links to the same alerts as a spreadsheet
 * and as open data, and to their Atom feed for feed readers.
 * Loaded on demand.
 */
import './toolbar-and-list.css';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { alertPath } from '../../../config/paths.ts';
import { animalNameOf, language, t } from '../../../i18n/i18n.ts';
import { distanceMetres, formatDistance, type Alert } from '@wildalert/shared';
import { isPast } from '../../../lib/alert-age.ts';
import { placeLine, relativeTime, sightingLine } from '../../../lib/format.ts';
import { usePosition, type Position } from '../../../lib/geolocation.ts';
import { useMapView } from '../../../lib/map-view.ts';
import { useNow } from '../../../lib/use-now.ts';
import { LazyAlertPhotos } from '../../../components/lazy-alert-photos.tsx';
import { LazyOfficialStatus } from '../../../components/lazy-official-status.tsx';
import { LazyVerification } from '../../../components/lazy-verification.tsx';

interface AlertListProps {
  alerts: readonly Alert[];
  /** Said above the list when it shows the alerts last seen, for want of a connection. */
  offlineNote: string | undefined;
  /** The search's query string (see get-alerts.ts), for the open-data links. */
  exportQuery: string;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  onOpen(alert: Alert): void;
  /** Above the alerts, from other features (the official notices in force). */
  top?: ReactNode;
}

/** The same search, its text in the app's language (the spreadsheet's headings and words). */
function withLanguage(exportQuery: string): string {
  const query = new URLSearchParams(exportQuery);
  query.set('lang', language());
  return query.toString();
}

/** The feed of the same area and animals: its reader sees what is new, whatever the window shows now. */
function feedQuery(exportQuery: string): string {
  const query = new URLSearchParams(withLanguage(exportQuery));
  query.delete('limit');
  query.delete('since');
  return query.toString();
}

/** Where the list was left in each history entry (by the entry's key): scrolled to, and the alert opened. */
const leftAt = new Map<string, { scrollTop: number; alertId: string }>();

export function AlertList({ alerts, offlineNote, exportQuery, loading, failed, onRetry, onOpen, top }: AlertListProps) {
  const now = useNow();
  const visitor = usePosition();
  const { view } = useMapView();
  // Distances from the visitor when their position is known, else from where the map looks.
  const from: Position = visitor ?? view;
  // By the last confirmation ("still there"), else the report: what was seen last comes first.
  const newestFirst = useMemo(
    () => [...alerts].sort((a, b) => Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt) || b.createdAt.localeCompare(a.createdAt)),
    [alerts],
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const { key } = useLocation();
  const [returnTo] = useState(() => leftAt.get(key));
  const arrived = useRef(false);
  const shown = newestFirst.length > 0 && !loading;
  useLayoutEffect(() => {
    if (arrived.current) return;
    if (!returnTo) {
      // Opened by the toggle: the reader lands on the list, not back at the top of the page.
      arrived.current = true;
      heading.current?.focus();
    } else if (shown) {
      // Back from an alert opened here: the list as it was, the focus on that alert.
      arrived.current = true;
      section.current!.scrollTop = returnTo.scrollTop;
      section.current!.querySelector<HTMLElement>(`[data-alert="${returnTo.alertId}"]`)?.focus({ preventScroll: true });
    }
  }, [returnTo, shown]);
  const open = (alert: Alert) => {
    leftAt.set(key, { scrollTop: section.current!.scrollTop, alertId: alert.id });
    onOpen(alert);
  };

  return (
    <section className="wa-list" aria-labelledby="wa-list-title" ref={section}>
      <div className="wa-list-head">
        <h2 id="wa-list-title" ref={heading} tabIndex={-1}>
          {t('find.listTitle', { count: newestFirst.length })}
        </h2>
        {/* Folded: on a phone the links took the top third of the list. */}
        <details className="wa-list-download">
          <summary>{t('find.download')}</summary>
          <ul>
            <li>
              <a href={`/Alerts.xlsx?${withLanguage(exportQuery)}`} download="wildalert-alerts.xlsx">
                {t('find.downloadSpreadsheet')}
              </a>
            </li>
            <li>
              <a href={`/Alerts.csv?${exportQuery}`} download="wildalert-alerts.csv">
                {t('find.downloadCsv')}
              </a>
            </li>
            <li>
              <a href={`/Alerts.geojson?${exportQuery}`} download="wildalert-alerts.geojson">
                {t('find.downloadGeoJson')}
              </a>
            </li>
            <li>
              <a href={`/Alerts.atom?${feedQuery(exportQuery)}`} type="application/atom+xml">
                {t('find.feed')}
              </a>
            </li>
          </ul>
        </details>
      </div>
      {top}
      {offlineNote && (
        <p className="wa-list-note wa-list-offline" role="status">
          {offlineNote}
        </p>
      )}
      <p className="wa-list-note">{visitor ? t('find.distanceFromYou') : t('find.distanceFromMap')}</p>
      {loading ? (
        <p className="wa-list-note" role="status">
          {t('map.loadingAlerts')}
        </p>
      ) : failed ? (
        <p className="wa-list-note" role="alert">
          {t('map.loadFailed')}{' '}
          <button type="button" className="wa-list-retry" onClick={onRetry}>
            {t('map.retry')}
          </button>
        </p>
      ) : newestFirst.length === 0 ? (
        <p className="wa-list-note">{t('find.empty')}</p>
      ) : (
        <ol className="wa-list-items">
          {newestFirst.map((alert) => {
            const name = animalNameOf(alert.animal);
            const when = relativeTime(alert.createdAt, now);
            const details = `wa-list-details-${alert.id}`;
            const seen = sightingLine(alert);
            const past = isPast(alert, now);
            return (
              <li key={alert.id} className={past ? 'wa-list-item wa-list-item--past' : 'wa-list-item'}>
                {/* The whole row is the one target; the comment and the distance describe it. */}
                <Link
                  to={alertPath(alert.id)}
                  className="wa-list-link"
                  data-alert={alert.id}
                  aria-label={t('find.openOnMap', { animal: name, when })}
                  aria-describedby={details}
                  onClick={(event) => {
                    event.preventDefault();
                    open(alert);
                  }}
                >
                  <h3>{name}</h3>
                  <span id={details}>
                    {seen !== '' && <span className="wa-list-sighting">{seen}</span>}
                    <LazyVerification verification={alert.verification} animal={alert.animal} as="span" />
                    <LazyOfficialStatus status={alert.officialStatus} now={now} as="span" />
                    {alert.comments !== '' && <span className="wa-list-comments">{alert.comments}</span>}
                    {alert.place && <span className="wa-list-place">{placeLine(alert.place)}</span>}
                    <span className="wa-list-meta">
                      <time dateTime={alert.createdAt}>{when}</time> · {formatDistance(distanceMetres(from, alert), language())}
                      {alert.stillThere > 0 && (
                        <>
                          {' · '}
                          <time dateTime={alert.lastSeenAt}>{t('find.lastSeen', { when: relativeTime(alert.lastSeenAt, now) })}</time>
                        </>
                      )}
                    </span>
                    {past && <span className="wa-list-past wa-past-clock">{t('age.past')}</span>}
                  </span>
                </Link>
                {/* Beside the link, not in it: each opens its photo, not the alert. */}
                <LazyAlertPhotos photos={alert.photos} animal={name} className="wa-list-photos" />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
