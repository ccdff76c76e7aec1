/**
 * Over the map: loading on the first fetch, a discreet retryable error, or, without a
 * connection, that these are the alerts last seen; else what `children` says (the filters
 * leave nothing in view). Every alert is counted (clusters), so none is ever left out. `after`
 * shares the lane under the map's top edge, below that status (the official notices), so the
 * two never cover each other; `notes` (the thanks after sending, a copied link) go above it.
 */
import type { ReactNode } from 'react';
import { t } from '../../../i18n/i18n.ts';

interface AlertsStatusProps {
  /** Shown instead of the rest: the map shows the alerts last seen, for want of a connection. */
  offlineNote: string | undefined;
  firstLoad: boolean;
  refreshing: boolean;
  failed: boolean;
  onRetry(): void;
  children?: ReactNode;
  after?: ReactNode;
  /** Short notes that leave by themselves (toast.tsx), at the top of the lane. */
  notes?: ReactNode;
}

export function AlertsStatus({ offlineNote, firstLoad, refreshing, failed, onRetry, children, after, notes }: AlertsStatusProps) {
  return (
    <>
      {refreshing && <div className="wa-map-progress" aria-hidden="true" />}
      <div className="wa-map-status">
        {notes}
        <div className="wa-map-status-now" role="status">
          {offlineNote ? (
            <div className="wa-chip wa-chip--offline" data-map-control>
              <span className="wa-live-dot" aria-hidden="true" />
              <span>{offlineNote}</span>
            </div>
          ) : failed ? (
            <div className="wa-chip wa-chip--warning" data-map-control>
              <span>{t('map.loadFailed')}</span>
              <button type="button" onClick={onRetry}>
                {t('map.retry')}
              </button>
            </div>
          ) : firstLoad ? (
            <div className="wa-chip" data-map-control>
              <span className="wa-spinner wa-spinner--small" aria-hidden="true" />
              <span>{t('map.loadingAlerts')}</span>
            </div>
          ) : (
            children
          )}
        </div>
        {after}
      </div>
    </>
  );
}
