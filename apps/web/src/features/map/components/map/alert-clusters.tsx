/**
 * The alerts as markers, clustered with supercluster: only the clusters and markers in view
 * are drawn, so ten thousand alerts cost about as much as a hundred. A cluster opens by
 * zooming in; a cluster that zooming cannot split (alerts at one spot) lists its alerts.
 * Each marker shows its animal and is named with it and how long ago; those drawn just
 * outside the view are left out of the keyboard's way.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  divIcon,
  type DivIcon,
  type LatLngBounds,
  type LeafletKeyboardEvent,
  type Map as LeafletMap,
  type Marker as LeafletMarker,
} from 'leaflet';
import { Marker, useMapEvent } from 'react-leaflet';
import Supercluster from 'supercluster';
import { animalByKey, MAX_ZOOM, type Alert } from '@wildalert/shared';
import { animalIcon } from '../../../../components/map/alert-icon.ts';
import { pl } from '../../../../i18n/pl.ts';
import { relativeTimePl } from '../../../../lib/format.ts';
import { useNow } from '../../../../lib/use-now.ts';
import type { Selection } from '../../hooks/use-selection.ts';

interface AlertClustersProps {
  alerts: readonly Alert[];
  /** Alerts that just arrived: their marker, or the cluster holding them, stands out. */
  fresh?: ReadonlySet<string>;
  onSelect(selection: Selection): void;
}

type Props = { alert: Alert };
/** Summed over a cluster's alerts. */
type ClusterProps = { fresh: number };

const NONE: ReadonlySet<string> = new Set();

export function AlertClusters({ alerts, fresh = NONE, onSelect }: AlertClustersProps) {
  const index = useMemo(() => {
    // extent 256 = Leaflet's tile size, so `radius` is in screen pixels: a few hundred
    // clusters at most in view, whatever the number of alerts.
    const sc = new Supercluster<Props, ClusterProps>({
      radius: 60,
      extent: 256,
      maxZoom: MAX_ZOOM,
      map: (p) => ({ fresh: fresh.has(p.alert.id) ? 1 : 0 }),
      reduce: (sum, p) => {
        sum.fresh += p.fresh;
      },
    });
    sc.load(
      alerts.map((alert) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [alert.longitude, alert.latitude] },
        properties: { alert },
      })),
    );
    return sc;
  }, [alerts, fresh]);

  const [view, setView] = useState<View | null>(null);
  const map = useMapEvent('moveend', () => setView(viewOf(map)));
  const current = view ?? viewOf(map);
  const items = useMemo(() => index.getClusters(current.bbox, current.zoom), [index, current]);
  const now = useNow(60_000);

  return items.map((item) => {
    const [longitude, latitude] = item.geometry.coordinates as [number, number];
    if ('cluster' in item.properties) {
      const id = item.properties.cluster_id;
      const count = item.properties.point_count;
      const open = () => {
        const zoom = index.getClusterExpansionZoom(id);
        if (zoom <= MAX_ZOOM) {
          map.flyTo([latitude, longitude], zoom, { duration: 0.4 });
        } else {
          // Every one of them (the list shows them a page at a time), newest first.
          const leaves = index.getLeaves(id, Infinity).map((leaf) => leaf.properties.alert);
          leaves.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
          onSelect({ kind: 'spot', latitude, longitude, alerts: leaves });
        }
      };
      return (
        <AlertMarker
          key={`cluster-${id}`}
          latitude={latitude}
          longitude={longitude}
          icon={clusterIcon(count, item.properties.fresh > 0)}
          label={pl.map.clusterLabel(count)}
          bounds={current.bounds}
          onActivate={open}
        />
      );
    }
    const { alert } = item.properties;
    return (
      <AlertMarker
        key={alert.id}
        latitude={latitude}
        longitude={longitude}
        icon={animalIcon(alert.animal, fresh.has(alert.id))}
        label={pl.map.markerLabel(animalByKey(alert.animal).namePl, relativeTimePl(alert.createdAt, now, pl.popup.justNow))}
        bounds={current.bounds}
        onActivate={() => onSelect({ kind: 'alert', alert })}
      />
    );
  });
}

interface AlertMarkerProps {
  latitude: number;
  longitude: number;
  icon: DivIcon;
  /** The name screen readers read and a mouse shows. */
  label: string;
  /** What the map shows: a marker outside it is drawn (ready for a pan) but out of the tab order. */
  bounds: LatLngBounds;
  onActivate(): void;
}

function AlertMarker({ latitude, longitude, icon, label, bounds, onActivate }: AlertMarkerProps) {
  const marker = useRef<LeafletMarker>(null);
  const position = useMemo<[number, number]>(() => [latitude, longitude], [latitude, longitude]);
  const inView = bounds.contains(position);
  // Leaflet reads the name and the tab stop once, as the marker is drawn; they change after.
  useEffect(() => {
    const el = marker.current?.getElement();
    if (!el) return;
    el.title = label;
    el.tabIndex = inView ? 0 : -1;
  }, [label, inView, icon]);
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
  return <Marker ref={marker} position={position} icon={icon} title={label} eventHandlers={handlers} />;
}

interface View {
  bbox: [number, number, number, number];
  zoom: number;
  bounds: LatLngBounds;
}

function viewOf(map: LeafletMap): View {
  const bounds = map.getBounds();
  // A margin around the view, so markers are already there when a pan begins.
  const b = bounds.pad(0.1);
  return {
    bbox: [Math.max(-180, b.getWest()), Math.max(-90, b.getSouth()), Math.min(180, b.getEast()), Math.min(90, b.getNorth())],
    zoom: Math.round(map.getZoom()),
    bounds,
  };
}

function onEnter(e: LeafletKeyboardEvent, action: () => void) {
  if (e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ') {
    e.originalEvent.preventDefault();
    action();
  }
}

const clusterIcons = new Map<string, DivIcon>();

function clusterIcon(count: number, fresh: boolean): DivIcon {
  const label = count >= 1000 ? `${Math.floor(count / 1000)}k+` : String(count);
  const key = `${label}${fresh ? '+fresh' : ''}`;
  let icon = clusterIcons.get(key);
  if (!icon) {
    icon = divIcon({
      className: fresh ? 'wa-cluster wa-fresh' : 'wa-cluster',
      html: `<span aria-hidden="true">${label}</span>`,
      iconSize: [46, 46],
    });
    clusterIcons.set(key, icon);
  }
  return icon;
}
