/**
 * What the map draws, in one pass: the tiles' answers (their clusters are the clusters: the
 * server made them) and what the live stream told since. An alert that arrived, or that moved
 * out of its cell, is placed in the cell it now lies in (gridOf, as the server places them): it
 * joins the cluster there (its count and animals grow), or pairs with the alert alone there
 * into a new cluster, or appears. A hidden alert leaves. A tile that already counts an alert
 * (its `newest` is as new) does not count it twice.
 */
import { useMemo } from 'react';
import { EQUATOR_M, gridOf, mercator, TILE_CELL_BITS, type Alert, type Cluster, type TileId } from '@wildalert/shared';
import { showsAnimal, showsLevel, type MapFilters } from '../../../lib/map-url.ts';
import type { LiveAlerts } from '../api/alert-stream.ts';
import type { LoadedTile } from '../api/get-tiles.ts';

export interface ClusterItem extends Cluster {
  /** Its cell's: stable while the cluster stays in its cell, whatever its count. */
  key: string;
  /** The zoom of its tile, whose grid its cell is on. */
  zoom: number;
  /** Holds an alert that just arrived. */
  fresh: boolean;
  /** Joined on screen with neighbours of other cells (joinNeighbours): its alerts lie within this many metres of its point. */
  radiusM?: number;
  /** The map zoom at which its alerts stand apart, when the map knows them all. */
  splitsAt?: number;
}

export interface MapItems {
  alerts: readonly Alert[];
  clusters: readonly ClusterItem[];
}

/** What the live stream told since the map opened (api/alert-stream.ts). */
export type LiveChanges = Pick<LiveAlerts, 'added' | 'removed' | 'fresh'> & Partial<Pick<LiveAlerts, 'changed'>>;

/** One tile's cells as they will be drawn: a cluster or an alert alone in each, by cell. */
interface TileCells {
  tile: TileId;
  newest: string | null;
  clusters: Map<string, ClusterItem>;
  alone: Map<string, Alert>;
}

const cellOf = (p: { latitude: number; longitude: number }, z: number) => {
  const { x, y } = gridOf(p.latitude, p.longitude, z, TILE_CELL_BITS);
  return `${z}/${x}/${y}`;
};

const tileOf = (p: { latitude: number; longitude: number }, z: number) => {
  const { x, y } = gridOf(p.latitude, p.longitude, z);
  return `${z}/${x}/${y}`;
};

/** `a` in the cell it lies in: into its cluster, paired with the alert alone there, or alone. */
function place(cells: TileCells, a: Alert, fresh: ReadonlySet<string>) {
  const { z } = cells.tile;
  const key = cellOf(a, z);
  const cluster = cells.clusters.get(key);
  if (cluster) {
    cluster.count += 1;
    cluster.animals[a.animal] = (cluster.animals[a.animal] ?? 0) + 1;
    cluster.spot &&= cluster.latitude === a.latitude && cluster.longitude === a.longitude;
    cluster.fresh ||= fresh.has(a.id);
    return;
  }
  const b = cells.alone.get(key);
  if (!b) {
    cells.alone.set(key, a);
    return;
  }
  cells.alone.delete(key);
  cells.clusters.set(key, {
    latitude: (a.latitude + b.latitude) / 2,
    longitude: (a.longitude + b.longitude) / 2,
    count: 2,
    animals: a.animal === b.animal ? { [a.animal]: 2 } : { [a.animal]: 1, [b.animal]: 1 },
    spot: a.latitude === b.latitude && a.longitude === b.longitude,
    key,
    zoom: z,
    fresh: fresh.has(a.id) || fresh.has(b.id),
  });
}

/**
 * `extra`: alerts shown whatever the tiles and filters say (a permalink's, even older than the
 * window). Alerts and clusters of a tile not loaded are not drawn: its answer will count them.
 */
export function mapItems(loaded: readonly LoadedTile[], live: LiveChanges, filters: MapFilters, extra: readonly Alert[] = []): MapItems {
  const changed = live.changed ?? new Map<string, Alert>();
  const tiles = new Map<string, TileCells>();
  const known = new Set<string>();
  // Alerts a tile held alone that now lie in another cell: placed again, as they are now.
  const moved: Alert[] = [];
  for (const { tile, data } of loaded) {
    const cells: TileCells = { tile, newest: data.newest, clusters: new Map(), alone: new Map() };
    for (const c of data.clusters) {
      const key = cellOf(c, tile.z);
      cells.clusters.set(key, { ...c, animals: { ...c.animals }, key, zoom: tile.z, fresh: false });
    }
    for (const a of data.alerts) {
      if (live.removed.has(a.id)) continue;
      known.add(a.id);
      const now = changed.get(a.id) ?? a;
      if (now !== a && cellOf(now, tile.z) !== cellOf(a, tile.z)) moved.push(now);
      else cells.alone.set(cellOf(a, tile.z), now);
    }
    tiles.set(`${tile.z}/${tile.x}/${tile.y}`, cells);
  }
  // A view's tiles are of one zoom (get-tiles.ts never mixes two).
  const into = (a: Alert) => {
    const z = loaded[0]?.tile.z;
    return z === undefined ? undefined : tiles.get(tileOf(a, z));
  };
  for (const a of moved) {
    const cells = into(a);
    if (cells) place(cells, a, live.fresh);
  }
  for (const a of live.added) {
    if (known.has(a.id) || live.removed.has(a.id) || !showsAnimal(filters, a.animal) || !showsLevel(filters, a)) continue;
    known.add(a.id);
    const cells = into(a);
    if (cells && (cells.newest === null || a.createdAt > cells.newest)) place(cells, a, live.fresh);
  }
  const alerts: Alert[] = [];
  const clusters: ClusterItem[] = [];
  for (const cells of tiles.values()) {
    alerts.push(...cells.alone.values());
    clusters.push(...cells.clusters.values());
  }
  const shown = new Set(alerts.map((a) => a.id));
  for (const a of extra) {
    if (shown.has(a.id) || live.removed.has(a.id)) continue;
    shown.add(a.id);
    alerts.push(changed.get(a.id) ?? a);
  }
  return { alerts, clusters };
}

/**
 * `created`: the visitor's own new alert, counted as one that arrived live (the stream may not
 * have said so yet). `focused`: a permalink's alert, shown whatever the filters.
 */
export function useMapItems(loaded: readonly LoadedTile[], live: LiveChanges, filters: MapFilters, created?: Alert, focused?: Alert): MapItems {
  return useMemo(() => {
    const added = created && !live.added.some((a) => a.id === created.id) ? [created, ...live.added] : live.added;
    return mapItems(loaded, { added, removed: live.removed, changed: live.changed, fresh: live.fresh }, filters, focused ? [focused] : []);
  }, [loaded, live.added, live.removed, live.changed, live.fresh, filters, created, focused]);
}

/** Markers and bubbles closer than this (in screen pixels) are drawn as one. */
const NEAR_PX = 40;

/** A point's place in screen pixels on the whole world at a map zoom (256-pixel tiles, as Leaflet counts). */
function project(p: { latitude: number; longitude: number }, zoom: number) {
  const world = 256 * 2 ** zoom;
  const m = mercator(p.latitude, p.longitude);
  return { x: m.x * world, y: m.y * world };
}

/**
 * The clusters are the server's; this only keeps what is drawn from overlapping. A grid puts
 * neighbours on either side of a cell's edge in two cells: drawn as they are, two markers a few
 * pixels apart would hide each other. Items closer than NEAR_PX at the map's zoom are drawn as
 * one bubble, their counts and animals added up (still exact). Each item looks only at the
 * items of its own and the eight neighbouring squares of NEAR_PX: linear in the items drawn.
 */
export function joinNeighbours(items: MapItems, mapZoom: number, fresh: ReadonlySet<string>): MapItems {
  type Item = { alert?: Alert; cluster?: ClusterItem; count: number; x: number; y: number; taken: boolean; rank: number };
  const all: Item[] = [
    ...items.clusters.map((c) => ({ cluster: c, count: c.count, ...project(c, mapZoom), taken: false, rank: 0 })),
    ...items.alerts.map((a) => ({ alert: a, count: 1, ...project(a, mapZoom), taken: false, rank: 0 })),
  ].sort((a, b) => b.count - a.count);
  all.forEach((item, i) => (item.rank = i));
  const squares = new Map<string, Item[]>();
  const square = (x: number, y: number) => `${Math.floor(x / NEAR_PX)}/${Math.floor(y / NEAR_PX)}`;
  for (const item of all) {
    const key = square(item.x, item.y);
    const list = squares.get(key);
    if (list) list.push(item);
    else squares.set(key, [item]);
  }
  const around = (item: Item) => {
    const near: Item[] = [];
    for (const dx of [-NEAR_PX, 0, NEAR_PX]) {
      for (const dy of [-NEAR_PX, 0, NEAR_PX]) {
        for (const other of squares.get(square(item.x + dx, item.y + dy)) ?? []) {
          if (!other.taken && Math.hypot(other.x - item.x, other.y - item.y) < NEAR_PX) near.push(other);
        }
      }
    }
    // In the order of `all` (the largest first), as the bubble's key and zoom are its first's.
    return near.sort((a, b) => a.rank - b.rank);
  };
  const alerts: Alert[] = [];
  const clusters: ClusterItem[] = [];
  for (const item of all) {
    if (item.taken) continue;
    item.taken = true;
    const group = [item];
    for (const other of around(item)) {
      other.taken = true;
      group.push(other);
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
    const metresPerPx = (EQUATOR_M * Math.cos((latitude * Math.PI) / 180)) / (256 * 2 ** mapZoom);
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
