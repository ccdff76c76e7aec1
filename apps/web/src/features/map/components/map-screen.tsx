/** The map (route "/"): alerts around the visitor, their popups, and the way to add one. */
import './map-screen.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Popup } from 'react-leaflet';
import { useQueryClient } from '@tanstack/react-query';
import type { Alert as AlertData } from '@wildalert/shared';
import { AlertPopup } from '../../../components/alert-popup.tsx';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { paths } from '../../../config/paths.ts';
import { pl } from '../../../i18n/pl.ts';
import type { Position } from '../../../lib/geolocation.ts';
import { mapView, type MapView } from '../../../lib/map-view.ts';
import { createdAlertOf } from '../../../lib/navigation-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLiveAlerts } from '../api/alert-stream.ts';
import { useAlerts, type AlertsArea } from '../api/get-alerts.ts';
import { AlertClusters, type Selection } from './alert-clusters.tsx';
import { AlertsStatus } from './alerts-status.tsx';
import { FollowView } from './follow-view.tsx';
import { FollowVisitor } from './follow-visitor.tsx';
import { LiveStatus } from './live-status.tsx';
import { ReportAbuse } from './report-abuse.tsx';

/** Close enough to a new alert that it stands on its own, out of any cluster. */
const CREATED_ZOOM = 17;

export function MapScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle();

  // An alert just reported on the add screen: start on it, with its popup open.
  const [created] = useState(() => createdAlertOf(location.state));
  const [initial] = useState<MapView>(() => {
    if (!created) return mapView.get();
    mapView.settle();
    return { latitude: created.latitude, longitude: created.longitude, zoom: Math.max(mapView.get().zoom, CREATED_ZOOM) };
  });
  const [area, setArea] = useState<AlertsArea>(() => ({ latitude: initial.latitude, longitude: initial.longitude }));
  const [selection, setSelection] = useState<Selection | null>(() => (created ? { kind: 'alert', alert: created } : null));
  const [thanks, setThanks] = useState(Boolean(created));
  const hideThanks = useCallback(() => setThanks(false), []);

  useEffect(() => {
    if (!created) return;
    // Shown once: a reload or a return through history does not thank the visitor again.
    void navigate('.', { replace: true, state: null });
    void queryClient.invalidateQueries({ queryKey: ['alerts'] });
  }, [created, navigate, queryClient]);

  const alerts = useAlerts(area);
  const live = useLiveAlerts(area);
  const shown = useMemo(
    () => merged(alerts.data?.data ?? [], created ? [...live.added, created] : live.added, live.removed),
    [alerts.data, created, live.added, live.removed],
  );
  const onPosition = useCallback((p: Position) => setArea({ latitude: p.latitude, longitude: p.longitude }), []);

  // An alert hidden by moderation while its popup is open: close it.
  useEffect(() => {
    if (selection?.kind === 'alert' && live.removed.has(selection.alert.id)) setSelection(null);
  }, [live.removed, selection]);

  return (
    <div className="wa-map-screen" data-live={live.status}>
      <VisuallyHidden as="h1">{pl.map.label}</VisuallyHidden>
      <BaseMap latitude={initial.latitude} longitude={initial.longitude} zoom={initial.zoom} label={pl.map.label}>
        <FollowVisitor onPosition={onPosition} />
        <FollowView area={area} onArea={setArea} />
        <AlertClusters alerts={shown} fresh={live.fresh} onSelect={setSelection} />
        {selection && <SelectionPopup selection={selection} onClose={(s) => setSelection((now) => (now === s ? null : now))} />}
      </BaseMap>
      <AlertsStatus
        firstLoad={alerts.isPending}
        refreshing={alerts.isFetching && !alerts.isPending}
        failed={alerts.isError}
        truncatedAt={alerts.data?.truncated ? alerts.data.data.length : undefined}
        onRetry={() => void alerts.refetch()}
      />
      <LiveStatus live={live} />
      <Link to={paths.addAlert} className="wa-fab" aria-label={pl.map.add}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z" />
        </svg>
      </Link>
      {thanks && <Thanks onClose={hideThanks} />}
    </div>
  );
}

/** A short confirmation that leaves by itself. */
function Thanks({ onClose }: { onClose(): void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, 6000);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <div className="wa-toast" role="status">
      <span>{pl.map.created}</span>
      <button type="button" onClick={onClose} aria-label={pl.map.close}>
        ✕
      </button>
    </div>
  );
}

function SelectionPopup({ selection, onClose }: { selection: Selection; onClose(s: Selection): void }) {
  const position: [number, number] =
    selection.kind === 'alert' ? [selection.alert.latitude, selection.alert.longitude] : [selection.latitude, selection.longitude];
  return (
    <Popup position={position} offset={[1, -34]} eventHandlers={{ remove: () => onClose(selection) }}>
      {selection.kind === 'alert' ? (
        <>
          <AlertPopup alert={selection.alert} />
          <ReportAbuse alertId={selection.alert.id} />
        </>
      ) : (
        <div className="wa-spot-list">
          <p>{pl.map.sameSpot(selection.alerts.length)}</p>
          {selection.alerts.map((alert, i) => (
            <div key={alert.id}>
              {i > 0 && <hr />}
              <AlertPopup alert={alert} />
              <ReportAbuse alertId={alert.id} />
            </div>
          ))}
        </div>
      )}
    </Popup>
  );
}

/**
 * The fetched alerts, with those that arrived since (live, or just reported here) that are
 * not in them yet, newest first as the API sorts, less those hidden since.
 */
function merged(
  fetched: readonly AlertData[],
  extra: readonly AlertData[],
  removed: ReadonlySet<string>,
): readonly AlertData[] {
  const known = new Set(fetched.map((a) => a.id));
  const newer = extra.filter((a) => !known.has(a.id) && known.add(a.id));
  if (newer.length === 0 && removed.size === 0) return fetched;
  return [...newer, ...fetched].filter((a) => !removed.has(a.id));
}
