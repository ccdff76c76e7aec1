/**
 * The alerts as the server's tiles give them: markers for alerts alone in their cell, count
 * bubbles for clusters (named with their count and animals). A cluster opens by zooming in; one
 * that zooming cannot split (alerts at one spot, or the closest zoom) lists its alerts. Each
 * marker shows its animal and is named with it and how long ago, and fades as it grows old: one
 * probably out of date is drawn (and named) as past, behind the others. Clusters count every
 * alert, current or past (the tiles do not say which): zooming in tells them apart. Markers
 * drawn just outside the view, or under one of the map's controls (even in part), are left out
 * of the keyboard's way until the map moves them into the open.
 */
import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import {
  type DivIcon,
  type LatLngBounds,
  type LeafletKeyboardEvent,
  type Marker as LeafletMarker,
  point,
  type Point,
  type PointExpression,
} from 'leaflet';
import { Marker, useMap, useMapEvent } from 'react-leaflet';
import { MAX_ZOOM } from '@wildalert/shared';
import { animalIcon } from '../../../../components/map/alert-icon.ts';
import { animalsByCount, clusterIcon } from '../../../../components/map/cluster-icon.ts';
import { animalNameOf, t } from '../../../../i18n/i18n.ts';
import { alertAge } from '../../../../lib/alert-age.ts';
import { relativeTime } from '../../../../lib/format.ts';
import { useNow } from '../../../../lib/use-now.ts';
import type { MapFilters } from '../../../../lib/map-url.ts';
import { controlBoxes, underControl, watchControls } from './controls-over-map.ts';
import type { Box } from './popup-room.ts';
import { joinNeighbours, type ClusterItem, type MapItems } from '../../hooks/use-map-items.ts';
import type { Selection } from '../../hooks/use-selection.ts';

interface AlertClustersProps {
  items: MapItems;
  filters: MapFilters;
  /** Alerts that just arrived: their marker stands out (a cluster holding one says so itself). */
  fresh?: ReadonlySet<string>;
  onSelect(selection: Selection): void;
}

const NONE: ReadonlySet<string> = new Set();

/** Zooming in on a cluster: its cell, 64 pixels across, becomes 256 (4 × 4 cells). */
const ZOOM_STEP = 2;

/** Markers added at a time, each batch in a render of its own. */
const BATCH = 50;

/** Drawn again only when its own inputs change, not with every render of the screen around it. */
export const AlertClusters = memo(function AlertClusters({ items, filters, fresh = NONE, onSelect }: AlertClustersProps) {
  const [moved, setMoved] = useState<{ bounds: LatLngBounds; zoom: number }>();
  const map = useMapEvent('moveend', () => setMoved({ bounds: map.getBounds(), zoom: Math.round(map.getZoom()) }));
  // The same object until the map moves: each marker measures where it lies once per move.
  const bounds = useMemo(() => moved?.bounds ?? map.getBounds(), [moved, map]);
  const zoom = moved?.zoom ?? Math.round(map.getZoom());
  const drawn = useMemo(() => joinNeighbours(items, zoom, fresh), [items, zoom, fresh]);
  // Markers beyond the most drawn so far are added a batch at a time (Leaflet takes ~0.15 ms
  // for each: a first view's 200 at once would be one long task, which a tap would wait for).
  const total = drawn.clusters.length + drawn.alerts.length;
  const [limit, setLimit] = useState(BATCH);
  useEffect(() => {
    if (limit < total) startTransition(() => setLimit((l) => l + BATCH));
  }, [limit, total]);
  const clusters = drawn.clusters.slice(0, limit);
  const alerts = drawn.alerts.slice(0, limit - clusters.length);
  const now = useNow(60_000);
  // Where the controls are, again whenever one appears, goes or changes size (some load later).
  const [controls, setControls] = useState<readonly Box[]>([]);
  useEffect(() => {
    const container = map.getContainer();
    return watchControls(container, () => setControls(controlBoxes(container)));
  }, [map]);

  const open = (cluster: ClusterItem) => {
    if (!cluster.spot && zoom < MAX_ZOOM) {
      const closer = cluster.splitsAt ?? zoom + ZOOM_STEP;
      map.flyTo([cluster.latitude, cluster.longitude], Math.min(MAX_ZOOM, Math.max(zoom + 1, closer)), { duration: 0.4 });
      return;
    }
    // Every one of them (the list shows them a page at a time), newest first. Loaded on the
    // first such tap: the map's first paint does without it.
    import('../../api/get-cluster-alerts.ts').then(({ getClusterAlerts }) => getClusterAlerts(cluster, filters)).then(
      (alerts) => onSelect({ kind: 'spot', latitude: cluster.latitude, longitude: cluster.longitude, alerts }),
      () => undefined,
    );
  };

  return (
    <>
      {clusters.map((cluster) => (
        <AlertMarker
          key={`cluster-${cluster.key}`}
          latitude={cluster.latitude}
          longitude={cluster.longitude}
          icon={clusterIcon(cluster.count, cluster.animals, cluster.fresh)}
          label={t('map.clusterLabel', { count: cluster.count, animals: animalsText(cluster.animals) })}
          bounds={bounds}
          controls={controls}
          onActivate={() => open(cluster)}
        />
      ))}
      {alerts.map((alert) => {
        const age = alertAge(alert, now);
        const past = age.state === 'past';
        return (
          <AlertMarker
            key={alert.id}
            latitude={alert.latitude}
            longitude={alert.longitude}
            icon={animalIcon(alert.animal, fresh.has(alert.id), age)}
            label={t(past ? 'map.markerLabelPast' : 'map.markerLabel', { animal: animalNameOf(alert.animal), when: relativeTime(alert.createdAt, now) })}
            behind={past}
            bounds={bounds}
            controls={controls}
            onActivate={() => onSelect({ kind: 'alert', alert })}
          />
        );
      })}
    </>
  );
});

/** "lis: 40, dzik: 12, sarna: 6": the most first, as the bubble's ring and head show them. */
function animalsText(animals: Readonly<Record<string, number>>): string {
  return animalsByCount(animals)
    .map(([animal, n]) => `${animalNameOf(animal).toLowerCase()}: ${n}`)
    .join(', ');
}

interface AlertMarkerProps {
  latitude: number;
  longitude: number;
  icon: DivIcon;
  /** The name screen readers read and a mouse shows. */
  label: string;
  /** Drawn under the others where they overlap (an alert probably out of date). */
  behind?: boolean;
  /** What the map shows: a marker outside it is drawn (ready for a pan) but out of the tab order. */
  bounds: LatLngBounds;
  /** The controls over the map (controlBoxes): a marker under one is out of the tab order too. */
  controls: readonly Box[];
  onActivate(): void;
}

/** Leaflet stacks markers by their place on screen; this takes a marker below all of them. */
const BEHIND = -10_000;

function AlertMarker({ latitude, longitude, icon, label, behind = false, bounds, controls, onActivate }: AlertMarkerProps) {
  const marker = useRef<LeafletMarker>(null);
  const map = useMap();
  const position = useMemo<[number, number]>(() => [latitude, longitude], [latitude, longitude]);
  // Leaflet reads the name and the tab stop once, as the marker is drawn; they change after,
  // and where it lies changes with each move of the map (a new `bounds`).
  useEffect(() => {
    const el = marker.current?.getElement();
    if (!el) return;
    el.title = label;
    // Where it lies, from the map's own arithmetic: no layout read for each of hundreds of markers.
    const reachable = bounds.contains(position) && !underControl(iconBox(map.latLngToContainerPoint(position), icon), controls);
    // Not focusable at all, not only out of the Tab order (-1): a focusable target partly
    // hidden is too small a target (axe's and Lighthouse's target-size). A tap on what shows
    // still opens it. The one the keyboard is on keeps its stop, as focus would be lost.
    if (reachable) el.tabIndex = 0;
    else if (el !== document.activeElement) el.removeAttribute('tabindex');
  }, [label, icon, position, bounds, controls, map]);
  const activate = useRef(onActivate);
  useEffect(() => {
    activate.current = onActivate;
  });
  const handlers = useMemo(
    () => ({
      click: () => activate.current(),
      keypress: (e: LeafletKeyboardEvent) => onEnter(e, () => activate.current()),
    }),
    [],
  );
  return <Marker ref={marker} position={position} icon={icon} title={label} zIndexOffset={behind ? BEHIND : 0} eventHandlers={handlers} />;
}

/** The box a marker's icon takes on the map, its tip at `tip` (as Leaflet places it: the anchor defaults to the middle). */
function iconBox(tip: Point, icon: DivIcon): Box {
  const size = point(icon.options.iconSize as PointExpression);
  const anchor = icon.options.iconAnchor ? point(icon.options.iconAnchor) : size.divideBy(2).round();
  const left = tip.x - anchor.x;
  const top = tip.y - anchor.y;
  return { left, top, right: left + size.x, bottom: top + size.y };
}

function onEnter(e: LeafletKeyboardEvent, action: () => void) {
  if (e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ') {
    e.originalEvent.preventDefault();
    action();
  }
}
