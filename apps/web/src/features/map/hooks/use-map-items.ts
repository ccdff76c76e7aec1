/**
 * What the map draws: the tiles' alerts and clusters, kept exact by the live stream between two
 * answers. A new alert joins the cluster of its cell (its count and animals grow), or pairs with
 * the alert alone there into a new cluster, or appears; a hidden alert leaves. A tile that
 * already counts an alert (its `newest` is as new) is not counted twice.
 */
import { useMemo } from 'react';
import { gridOf, TILE_CELL_BITS, type Alert, type Cluster, type TileId } from '@wildalert/shared';
import { showsAnimal, type MapFilters } from '../../../lib/map-url.ts';
import type { LiveAlerts } from '../api/alert-stream.ts';
import type { LoadedTile } from '../api/get-tiles.ts';

export interface ClusterItem extends Cluster {
  /** Stable while the cluster stays in its cell. */
  key: string;
  /** The zoom of its tile, whose grid its cell is on. */
  zoom: number;
  /** Holds an alert that just arrived. */
  fresh: boolean;
  /** Made on the map of neighbours from several cells: its alerts lie within this many metres of its point. */
  radiusM?: number;
  /** The map zoom at which its alerts stand apart, when the map knows them all. */
  splitsAt?: number;
}

export interface MapItems {
  alerts: readonly Alert[];
  clusters: readonly ClusterItem[];
}

type Live = Pick<LiveAlerts, 'added' | 'removed' | 'fresh'> & Partial<Pick<LiveAlerts, 'changed'>>;

const sameCell = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }, z: number) => {
  const p = gridOf(a.latitude, a.longitude, z, TILE_CELL_BITS);
  const q = gridOf(b.latitude, b.longitude, z, TILE_CELL_BITS);
  return p.x === q.x && p.y === q.y;
};

const inTile = (a: Alert, { z, x, y }: TileId) => {
  const t = gridOf(a.latitude, a.longitude, z);
  return t.x === x && t.y === y;
};

/** `extra`: alerts shown whatever the tiles say (a permalink's, even older than the window). */
export function mergeTiles(loaded: readonly LoadedTile[], live: Live, filters: MapFilters, extra: readonly Alert[] = []): MapItems {
  const alerts: Alert[] = [];
  const clusters: ClusterItem[] = [];
  const arrived = live.added.filter((a) => showsAnimal(filters, a.animal));
  for (const { tile, data } of loaded) {
    const mine = data.alerts.filter((a) => !live.removed.has(a.id)).map((a) => live.changed?.get(a.id) ?? a);
    const cells: ClusterItem[] = data.clusters.map((c) => ({ ...c, animals: { ...c.animals }, key: `${tile.z}/${c.latitude}/${c.longitude}`, zoom: tile.z, fresh: false }));
    const known = new Set(mine.map((a) => a.id));
    for (const a of arrived) {
      if (known.has(a.id) || !inTile(a, tile) || (data.newest !== null && a.createdAt <= data.newest)) continue;
      known.add(a.id);
      const fresh = live.fresh.has(a.id);
      const cluster = cells.find((c) => sameCell(c, a, tile.z));
      if (cluster) {
        cluster.count += 1;
        cluster.animals[a.animal] = (cluster.animals[a.animal] ?? 0) + 1;
        cluster.spot &&= cluster.latitude === a.latitude && cluster.longitude === a.longitude;
        cluster.fresh ||= fresh;
        continue;
      }
      const alone = mine.findIndex((b) => sameCell(b, a, tile.z));
      if (alone < 0) {
        mine.push(a);
        continue;
      }
      const [b] = mine.splice(alone, 1) as [Alert];
      cells.push({
        latitude: (a.latitude + b.latitude) / 2,
        longitude: (a.longitude + b.longitude) / 2,
        count: 2,
        animals: a.animal === b.animal ? { [a.animal]: 2 } : { [a.animal]: 1, [b.animal]: 1 },
        spot: a.latitude === b.latitude && a.longitude === b.longitude,
        key: `${tile.z}/${b.id}`,
        zoom: tile.z,
        fresh: fresh || live.fresh.has(b.id),
      });
    }
    alerts.push(...mine);
    clusters.push(...cells);
  }
  const shown = new Set(alerts.map((a) => a.id));
  for (const a of extra) {
    if (shown.has(a.id) || live.removed.has(a.id)) continue;
    shown.add(a.id);
    alerts.push(live.changed?.get(a.id) ?? a);
  }
  return { alerts, clusters };
}

/**
 * `created`: the visitor's own new alert, counted as one that arrived live (the stream may not
 * have said so yet). `focused`: a permalink's alert, shown whatever the filters.
 */
export function useMapItems(loaded: readonly LoadedTile[], live: Live, filters: MapFilters, created?: Alert, focused?: Alert): MapItems {
  return useMemo(() => {
    const added = created && !live.added.some((a) => a.id === created.id) ? [created, ...live.added] : live.added;
    return mergeTiles(loaded, { added, removed: live.removed, changed: live.changed, fresh: live.fresh }, filters, focused ? [focused] : []);
  }, [loaded, live.added, live.removed, live.changed, live.fresh, filters, created, focused]);
}

/** Markers and bubbles closer than this (in screen pixels) are drawn as one cluster. */
const NEAR_PX = 40;

/** A point's place in screen pixels on the whole world at a map zoom (Web Mercator, 256-pixel tiles). */
function project(p: { latitude: number; longitude: number }, zoom: number) {
  const world = 256 * 2 ** zoom;
  const rad = (Math.max(-85.05, Math.min(85.05, p.latitude)) * Math.PI) / 180;
  return { x: ((p.longitude + 180) / 360) * world, y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * world };
}

/**
 * The tiles' grid puts neighbours on either side of a cell's edge in two cells: drawn as they
 * are, two markers a few pixels apart would overlap. Items closer than NEAR_PX at the map's
 * zoom become one cluster here, their counts and animals added up (still exact).
 */
export function mergeNear(items: MapItems, mapZoom: number, fresh: ReadonlySet<string>): MapItems {
  type Item = { alert?: Alert; cluster?: ClusterItem; count: number; x: number; y: number; taken: boolean };
  const all: Item[] = [
    ...items.clusters.map((c) => ({ cluster: c, count: c.count, ...project(c, mapZoom), taken: false })),
    ...items.alerts.map((a) => ({ alert: a, count: 1, ...project(a, mapZoom), taken: false })),
  ].sort((a, b) => b.count - a.count);
  const alerts: Alert[] = [];
  const clusters: ClusterItem[] = [];
  for (const item of all) {
    if (item.taken) continue;
    item.taken = true;
    const group = [item];
    for (const other of all) {
      if (!other.taken && Math.hypot(other.x - item.x, other.y - item.y) < NEAR_PX) {
        other.taken = true;
        group.push(other);
      }
    }
    if (group.length === 1) {
      if (item.alert) alerts.push(item.alert);
      else clusters.push(item.cluster!);
      continue;
    }
    const count = group.reduce((s, g) => s + g.count, 0);
    const points = group.map((g) => (g.alert ?? g.cluster)!);
    const latitude = group.reduce((s, g, i) => s + points[i]!.latitude * g.count, 0) / count;
    const longitude = group.reduce((s, g, i) => s + points[i]!.longitude * g.count, 0) / count;
    const animals: Record<string, number> = {};
    for (const g of group) {
      const add = g.alert ? { [g.alert.animal]: 1 } : g.cluster!.animals;
      for (const [animal, n] of Object.entries(add)) animals[animal] = (animals[animal] ?? 0) + n;
    }
    const spot = group.every((g, i) => (g.alert || g.cluster!.spot) && points[i]!.latitude === points[0]!.latitude && points[i]!.longitude === points[0]!.longitude);
    // How far its alerts may lie: a server cluster's within its cell, ~64 px across.
    const metresPerPx = (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / (256 * 2 ** mapZoom);
    const centre = project({ latitude, longitude }, mapZoom);
    const reachPx = Math.max(...group.map((g) => Math.hypot(g.x - centre.x, g.y - centre.y) + (g.cluster ? 91 : 0)));
    // Alerts alone: the zoom at which the closest two stand NEAR_PX apart.
    let splitsAt: number | undefined;
    if (group.every((g) => g.alert) && !spot) {
      let closest = Infinity;
      for (const a of group) for (const b of group) if (a !== b) closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
      splitsAt = closest > 0 ? mapZoom + Math.ceil(Math.log2(NEAR_PX / closest)) : undefined;
    }
    clusters.push({
      latitude,
      longitude,
      count,
      animals,
      spot,
      key: group[0]!.cluster?.key ?? group[0]!.alert!.id,
      zoom: group[0]!.cluster?.zoom ?? Math.max(0, mapZoom - 1),
      fresh: group.some((g) => (g.cluster ? g.cluster.fresh : fresh.has(g.alert!.id))),
      radiusM: reachPx * metresPerPx + 1,
      ...(splitsAt === undefined ? {} : { splitsAt }),
    });
  }
  return { alerts, clusters };
}
