/** The map (route "/"): alerts around the visitor, their popups, and the way to add one. */
import './map-screen.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, matchPath, useLocation, useNavigate, useParams } from 'react-router';
import { Popup, useMap } from 'react-leaflet';
import { useQueryClient } from '@tanstack/react-query';
import type { Alert as AlertData } from '@wildalert/shared';
import { AlertPopup } from '../../../components/alert-popup.tsx';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { Toast } from '../../../components/toast.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { alertPath, BASENAME, paths } from '../../../config/paths.ts';
import { pl } from '../../../i18n/pl.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { Position } from '../../../lib/geolocation.ts';
import { readMapUrl, showsAnimal, writeMapUrl, type MapUrlState } from '../../../lib/map-url.ts';
import { mapView, type MapView } from '../../../lib/map-view.ts';
import { createdAlertOf } from '../../../lib/navigation-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLiveAlerts } from '../api/alert-stream.ts';
import { alertQueryKey, useAlert } from '../api/get-alert.ts';
import { alertsSearch, useAlerts, type AlertsArea } from '../api/get-alerts.ts';
import { AlertClusters, type Selection } from './alert-clusters.tsx';
import { AlertsStatus } from './alerts-status.tsx';
import { FollowView } from './follow-view.tsx';
import { FollowVisitor } from './follow-visitor.tsx';
import { LiveStatus } from './live-status.tsx';

/** Close enough to a new alert that it stands on its own, out of any cluster. */
const CREATED_ZOOM = 17;

// Not needed for the map's first paint: loaded after it, so the map route stays small.
const loadExtras = () => import('./map-extras.ts');
const MapToolbar = lazy(() => loadExtras().then((m) => ({ default: m.MapToolbar })));
const AlertList = lazy(() => loadExtras().then((m) => ({ default: m.AlertList })));
const ShareAlert = lazy(() => loadExtras().then((m) => ({ default: m.ShareAlert })));
const ReportAbuse = lazy(() => loadExtras().then((m) => ({ default: m.ReportAbuse })));

export function MapScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id } = useParams();
  useDocumentTitle();

  const url = useMemo(() => readMapUrl(location.search), [location.search]);
  // Kept while only the view changes, so that a pan does not redraw every marker.
  const animalsKey = url.animals.join(',');
  const filters = useMemo(
    () => ({ window: url.window, animals: animalsKey === '' ? [] : animalsKey.split(',') }),
    [url.window, animalsKey],
  );
  /** Changes part of the address, keeping the rest (read now: the view may have moved since). */
  const setUrl = useCallback(
    (change: Partial<MapUrlState>, pathname?: string) => {
      // A late write (the view, after the map rested) must not undo a move to another screen,
      // which the address already shows while that screen loads.
      if (!onMapPath()) return;
      const search = writeMapUrl({ ...readMapUrl(window.location.search), ...change });
      void navigate({ pathname, search }, { replace: true });
    },
    [navigate],
  );

  // An alert just reported on the add screen: start on it, with its popup open.
  const [created] = useState(() => createdAlertOf(location.state));
  // A view given by the address (a reload, a shared link) is where the map starts.
  const [urlView] = useState(() => url.view);
  // A permalink with a view keeps that view; one without centres on its alert once known.
  const [keepViewFor] = useState(() => (url.view ? id : undefined));
  const [initial] = useState<MapView>(() => {
    if (created) {
      mapView.settle();
      return { latitude: created.latitude, longitude: created.longitude, zoom: Math.max(mapView.get().zoom, CREATED_ZOOM) };
    }
    // The address wins over the visitor's position.
    if (urlView || id) mapView.settle();
    return urlView ?? mapView.get();
  });
  const [area, setArea] = useState<AlertsArea>(() => ({ latitude: initial.latitude, longitude: initial.longitude }));
  const [selection, setSelection] = useState<Selection | null>(() => (created ? { kind: 'alert', alert: created } : null));
  const [note, setNote] = useState<string | null>(() => (created ? pl.map.created : null));
  const hideNote = useCallback(() => setNote(null), []);

  useEffect(() => {
    if (!created) return;
    // Shown once: a reload or a return through history does not thank the visitor again.
    void navigate('.', { replace: true, state: null });
    void queryClient.invalidateQueries({ queryKey: ['alerts'] });
  }, [created, navigate, queryClient]);

  const focused = useAlert(id);
  const focusedAlert = focused.data?.data;
  const centreOn = focusedAlert && focusedAlert.id !== keepViewFor ? focusedAlert : undefined;
  useEffect(() => {
    if (focusedAlert) setSelection({ kind: 'alert', alert: focusedAlert });
  }, [focusedAlert]);
  const [dismissedFailure, setDismissedFailure] = useState<unknown>(null);
  const focusFailure =
    focused.error && focused.error !== dismissedFailure
      ? focused.error instanceof ApiError && focused.error.status === 404
        ? pl.find.notFound
        : pl.find.alertFailed
      : null;

  const alerts = useAlerts(area, filters);
  const live = useLiveAlerts(area);
  const shown = useMemo(() => {
    const extra = live.added.filter((a) => showsAnimal(filters, a.animal));
    if (created) extra.push(created);
    // A permalink's alert shows even when older than the window or of another animal.
    if (focusedAlert) extra.push(focusedAlert);
    return merged(alerts.data?.data ?? [], extra, live.removed);
  }, [alerts.data, created, focusedAlert, filters, live.added, live.removed]);
  const onPosition = useCallback((p: Position) => setArea({ latitude: p.latitude, longitude: p.longitude }), []);
  const onView = useCallback((view: MapView) => setUrl({ view }), [setUrl]);
  const openAlert = useCallback(
    (alert: AlertData) => {
      queryClient.setQueryData(alertQueryKey(alert.id), { data: alert });
      // The map centres on the alert: the old view leaves the address.
      setUrl({ list: false, view: undefined }, alertPath(alert.id));
    },
    [queryClient, setUrl],
  );
  const closeSelection = useCallback(
    (s: Selection) => {
      setSelection((now) => (now === s ? null : now));
      // The permalink's popup closed: the address is the map's again.
      if (id && s.kind === 'alert' && s.alert.id === id) setUrl({}, paths.map);
    },
    [id, setUrl],
  );

  // An alert hidden by moderation while its popup is open: close it.
  useEffect(() => {
    if (selection?.kind === 'alert' && live.removed.has(selection.alert.id)) setSelection(null);
  }, [live.removed, selection]);

  return (
    <div className="wa-map-screen" data-live={live.status}>
      <VisuallyHidden as="h1">{pl.map.label}</VisuallyHidden>
      <Suspense fallback={<div className="wa-toolbar" />}>
        <MapToolbar filters={filters} list={url.list} onChange={setUrl} />
      </Suspense>
      <div className="wa-map-area">
        <div className="wa-map-layer" inert={url.list}>
          <BaseMap latitude={initial.latitude} longitude={initial.longitude} zoom={initial.zoom} label={pl.map.label}>
            <FollowVisitor onPosition={onPosition} />
            <FollowView area={area} onArea={setArea} onView={onView} />
            <CentreOn alert={centreOn} />
            <AlertClusters alerts={shown} fresh={live.fresh} onSelect={setSelection} />
            {selection && <SelectionPopup selection={selection} onClose={closeSelection} onNote={setNote} />}
          </BaseMap>
          <AlertsStatus
            firstLoad={alerts.isPending}
            refreshing={alerts.isFetching && !alerts.isPending}
            failed={alerts.isError}
            truncatedAt={alerts.data?.truncated ? alerts.data.data.length : undefined}
            onRetry={() => void alerts.refetch()}
          />
        </div>
        {url.list && (
          <Suspense fallback={<PageLoading />}>
            <AlertList
              alerts={shown}
              exportQuery={alertsSearch(area, filters, Date.now()).toString()}
              loading={alerts.isPending}
              failed={alerts.isError}
              onRetry={() => void alerts.refetch()}
              onOpen={openAlert}
            />
          </Suspense>
        )}
        <LiveStatus live={live} />
        <Link to={paths.addAlert} className="wa-fab" aria-label={pl.map.add}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z" />
          </svg>
        </Link>
        {note !== null && <Toast message={note} onClose={hideNote} />}
        {focusFailure && <Toast message={focusFailure} onClose={() => setDismissedFailure(focused.error)} />}
      </div>
    </div>
  );
}

function onMapPath(): boolean {
  const path = window.location.pathname.slice(BASENAME.length - 1) || '/';
  return path === paths.map || matchPath(paths.alert, path) !== null;
}

/** Centres the map on an alert (a permalink's) when it arrives, close enough to stand out of clusters. */
function CentreOn({ alert }: { alert: AlertData | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (alert) map.setView([alert.latitude, alert.longitude], Math.max(map.getZoom(), CREATED_ZOOM));
  }, [map, alert]);
  return null;
}

interface SelectionPopupProps {
  selection: Selection;
  onClose(s: Selection): void;
  onNote(message: string): void;
}

function SelectionPopup({ selection, onClose, onNote }: SelectionPopupProps) {
  const position: [number, number] =
    selection.kind === 'alert' ? [selection.alert.latitude, selection.alert.longitude] : [selection.latitude, selection.longitude];
  return (
    <Popup position={position} offset={[1, -34]} eventHandlers={{ remove: () => onClose(selection) }}>
      {selection.kind === 'alert' ? (
        <>
          <AlertPopup alert={selection.alert} />
          <AlertActions alert={selection.alert} onNote={onNote} />
        </>
      ) : (
        <div className="wa-spot-list">
          <p>{pl.map.sameSpot(selection.alerts.length)}</p>
          {selection.alerts.map((alert, i) => (
            <div key={alert.id}>
              {i > 0 && <hr />}
              <AlertPopup alert={alert} />
              <AlertActions alert={alert} onNote={onNote} />
            </div>
          ))}
        </div>
      )}
    </Popup>
  );
}

function AlertActions({ alert, onNote }: { alert: AlertData; onNote(message: string): void }) {
  return (
    <div className="wa-popup-actions">
      <Suspense fallback={null}>
        <ShareAlert alert={alert} onNote={onNote} />
        <ReportAbuse alertId={alert.id} />
      </Suspense>
    </div>
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
