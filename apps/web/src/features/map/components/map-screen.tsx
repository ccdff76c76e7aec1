/**
 * The map (routes "/" and "/alerts/:id"): alerts around the visitor, their popups, and the way
 * to add one. Where the map looks lives in one store (lib/map-view.ts); each hook below does
 * one job around it.
 */
import './map-screen.css';
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState, useTransition, type ReactNode } from 'react';
import { Link, useLinkClickHandler, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Alert, TileId } from '@wildalert/shared';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { MapViewSync } from '../../../components/map/map-view-sync.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { SkipLink } from '../../../components/skip-link.tsx';
import { Toast } from '../../../components/toast.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { alertPath, paths } from '../../../config/paths.ts';
import { t } from '../../../i18n/i18n.ts';
import { useEmbedded } from '../../../lib/embedded.ts';
import { clockTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAfterFirstPaint } from '../../../lib/later.ts';
import { useLiveAlerts } from '../api/alert-stream.ts';
import { alertQueryKey } from '../../../lib/get-alert.ts';
import { alertsSearch, useAlerts } from '../api/get-alerts.ts';
import { refreshTiles, useAlertTiles } from '../api/get-tiles.ts';
import { useAlertsArea } from '../hooks/use-alerts-area.ts';
import { useConfirmedAlert, useCreatedAlert } from '../hooks/use-created-alert.ts';
import { useFocusedAlert } from '../hooks/use-focused-alert.ts';
import { useFollowVisitor } from '../hooks/use-follow-visitor.ts';
import { useLastSeenAlerts } from '../hooks/use-last-seen-alerts.ts';
import { useMapItems, type MapItems } from '../hooks/use-map-items.ts';
import { useMapAddress, useViewInAddress } from '../hooks/use-map-address.ts';
import { useSelection, type Selection } from '../hooks/use-selection.ts';
import { useShownAlerts } from '../hooks/use-shown-alerts.ts';
import { useStartView } from '../hooks/use-start-view.ts';
import { AlertsStatus } from './alerts-status.tsx';
import { AlertList, EmptyView, MapControls, MapLayers, MapToolbar, SelectionPopup } from './lazy-extras.ts';
import { LiveStatus } from './live-status.tsx';
import { AlertClusters } from './map/alert-clusters.tsx';
import { VisibleTiles } from './map/visible-tiles.tsx';

/** An alert that arrives live but was reported earlier than this was restored by a moderator. */
const RESTORED_MS = 5 * 60_000;

const sameTiles = (a: readonly TileId[], b: readonly TileId[]) =>
  a.length === b.length && a.every((t, i) => t.z === b[i]!.z && t.x === b[i]!.x && t.y === b[i]!.y);

interface MapScreenProps {
  /** More of the map's own buttons, from other features (composed by the route layer). */
  controls?: ReactNode;
  /** More layers inside the map, from other features. */
  layers?: ReactNode;
  /** Under the map's top edge, below its own status, from other features (the official notices). */
  mapTop?: ReactNode;
  /** Shown at the top of the list view, from other features (the official notices). */
  listTop?: ReactNode;
}

export function MapScreen({ controls, layers, mapTop, listTop }: MapScreenProps = {}) {
  useDocumentTitle();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const address = useMapAddress();
  // The embedded map (another site's frame) is the map alone: no adding, no filters, no list.
  const embedded = useEmbedded();
  const list = address.list && !embedded;
  // The hotspot view draws where animals usually are instead of the markers: a year's counts
  // and the markers of a week would be two answers at once, and the markers would hide the cells.
  const markers = address.hotspots === undefined;
  const created = useCreatedAlert();
  const confirmed = useConfirmedAlert();
  const start = useStartView(created, address.view, id !== undefined);
  // Going to the add screen: the map stays while that screen loads.
  const [leaving, startLeaving] = useTransition();
  useViewInAddress(leaving);
  useFollowVisitor(!embedded);
  const area = useAlertsArea(start);
  const focused = useFocusedAlert(id, address.view);
  // The map asks by tile; the list (and its downloads) by radius, as API clients do.
  const [tiles, setTiles] = useState<readonly TileId[]>([]);
  const showTiles = useCallback((next: TileId[]) => setTiles((now) => (sameTiles(now, next) ? now : next)), []);
  const tileAnswers = useAlertTiles(tiles, address.filters);
  const alerts = useAlerts(area, address.filters, list);
  const live = useLiveAlerts(area);
  // The one pipeline: the tiles' answers (read from the query cache) and the live changes, merged once.
  const onMap = useMapItems(tileAnswers.loaded, live, address.filters, created, focused.alert);
  // Kept for a first paint without a connection: what the view drew once all its tiles answered.
  const lastSeen = useLastSeenAlerts(tileAnswers.settled && !tileAnswers.failed ? onMap : undefined, tileAnswers.offline, address.filters);
  const offlineNote = lastSeen && t('map.lastSeen', { when: clockTime(lastSeen.savedAt, Date.now()) });
  const items: MapItems = useMemo(
    () => (lastSeen ? { alerts: lastSeen.alerts, clusters: lastSeen.clusters.map((c) => ({ ...c, key: `${c.latitude}/${c.longitude}`, zoom: tiles[0]?.z ?? 0, fresh: false })) } : onMap),
    [lastSeen, onMap, tiles],
  );
  // The markers follow in a render of their own that yields to the browser (each tile's answer
  // would otherwise redraw them all in one long task): taps and scrolling stay answered meanwhile.
  const drawnItems = useDeferredValue(items);
  const inViewPoints = useMemo(
    () => [...items.alerts, ...items.clusters.flatMap((c) => Object.keys(c.animals).map((animal) => ({ latitude: c.latitude, longitude: c.longitude, animal })))],
    [items],
  );
  // A change the map cannot place by itself (a hidden alert, a restored one): its tiles are asked again.
  const { removed, added } = live;
  useEffect(() => {
    if (removed.size > 0) void refreshTiles(queryClient);
  }, [removed, queryClient]);
  useEffect(() => {
    if (added[0] && Date.parse(added[0].createdAt) < Date.now() - RESTORED_MS) void refreshTiles(queryClient);
  }, [added, queryClient]);
  const shown = useShownAlerts(alerts.data?.data ?? lastSeen?.alerts, live, address.filters, created, focused.alert);
  const { selection, select, unselect } = useSelection(created, focused.alert, live.removed);
  const [note, setNote] = useState<string | null>(() => (created ? t('map.created') : confirmed ? t('map.confirmed') : null));
  // The animals in view (for the legend and the empty-view note); null until the map tells.
  const [inView, setInView] = useState<readonly string[] | null>(null);
  const hideNote = useCallback(() => setNote(null), []);
  const goToAdd = useLinkClickHandler(paths.addAlert);
  // Other features' parts wait for the map's first answer (its tiles; the list's search when the
  // list is shown): they must not delay the first markers. Once shown they stay, whatever loads next.
  const extrasDue = useAfterFirstPaint(list ? !alerts.isPending : tileAnswers.settled);

  const { change } = address;
  const openAlert = useCallback(
    (alert: Alert) => {
      queryClient.setQueryData(alertQueryKey(alert.id), { data: alert });
      // The map centres on the alert: the old view leaves the address. A step of its own:
      // Back returns to the list (on Android, instead of leaving the app).
      change({ list: false, view: undefined }, alertPath(alert.id), true);
    },
    [queryClient, change],
  );
  const closeSelection = useCallback(
    (s: Selection) => {
      unselect(s);
      // The permalink's popup closed: the address is the map's again.
      if (id && s.kind === 'alert' && s.alert.id === id) change({}, paths.map);
    },
    [id, unselect, change],
  );

  return (
    <div className="wa-map-screen" data-live={live.status}>
      <VisuallyHidden as="h1">{t('map.label')}</VisuallyHidden>
      {/* Early in the Tab order, though shown at the bottom right: the screen's main action. */}
      {!embedded && (
      <Link
        to={paths.addAlert}
        className="wa-fab"
        data-map-control
        aria-label={t('map.add')}
        onClick={(event) => startLeaving(() => goToAdd(event))}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z" />
        </svg>
      </Link>
      )}
      {/* Past the filters, straight to what they filter. */}
      {list ? (
        <SkipLink target="wa-list-title">{t('skip.toList')}</SkipLink>
      ) : (
        <SkipLink target="wa-map">{t('skip.toMap')}</SkipLink>
      )}
      {!embedded && (
        <Suspense fallback={<div className="wa-toolbar" />}>
          <MapToolbar filters={address.filters} list={list} hotspots={!markers} onChange={change} />
        </Suspense>
      )}
      <div className="wa-map-area">
        <div className="wa-map-layer" inert={list}>
          <BaseMap id="wa-map" latitude={start.latitude} longitude={start.longitude} zoom={start.zoom} label={t('map.label')}>
            <MapViewSync />
            <VisibleTiles onChange={showTiles} />
            {markers && <AlertClusters items={drawnItems} filters={address.filters} fresh={live.fresh} onSelect={select} />}
            {markers && (
              <Suspense fallback={null}>
                <MapLayers alerts={inViewPoints} onInView={setInView} />
              </Suspense>
            )}
            {layers && extrasDue && <Suspense fallback={null}>{layers}</Suspense>}
            {selection && (
              <Suspense fallback={null}>
                <SelectionPopup selection={selection} changed={live.changed} onClose={closeSelection} onNote={setNote} createdId={created?.id} />
              </Suspense>
            )}
          </BaseMap>
          <AlertsStatus
            offlineNote={offlineNote}
            firstLoad={tileAnswers.firstLoad}
            refreshing={tileAnswers.refreshing && !tileAnswers.firstLoad}
            failed={tileAnswers.failed}
            onRetry={tileAnswers.retry}
            after={!list && mapTop && extrasDue && <Suspense fallback={null}>{mapTop}</Suspense>}
            notes={
              <>
                {note !== null && <Toast message={note} onClose={hideNote} />}
                {focused.failure && <Toast message={focused.failure} onClose={focused.dismissFailure} />}
              </>
            }
          >
            {markers && tileAnswers.settled && !tileAnswers.failed && inView?.length === 0 && (
              <Suspense fallback={null}>
                <EmptyView filters={address.filters} onChange={change} />
              </Suspense>
            )}
          </AlertsStatus>
          {!list && (
            <Suspense fallback={null}>
              <MapControls inView={markers ? inView : null} locate={!embedded} onNote={setNote} />
            </Suspense>
          )}
          {!list && controls && extrasDue && <Suspense fallback={null}>{controls}</Suspense>}
        </div>
        {list && (
          <Suspense fallback={<PageLoading />}>
            <AlertList
              alerts={shown}
              exportQuery={alertsSearch(area, address.filters, Date.now()).toString()}
              offlineNote={offlineNote}
              loading={alerts.isPending && !lastSeen}
              failed={alerts.isError && !lastSeen}
              onRetry={() => void alerts.refetch()}
              onOpen={openAlert}
              top={listTop && <Suspense fallback={null}>{listTop}</Suspense>}
            />
          </Suspense>
        )}
        <LiveStatus live={live} />
      </div>
    </div>
  );
}
