/**
 * A map tile's answer (GET /Alerts/tiles/{z}/{x}/{y}) written as a Mapbox Vector Tile, for GIS
 * tools and vector maps: the same alerts and clusters, from the same JSON the database built.
 *
 * Written here rather than by PostGIS's ST_AsMVT: the embedded engine's PostGIS is built without
 * protobuf-c ("ST_AsMVTGeom: Compiled without protobuf-c support"), and one tile must read the
 * same on either engine. Deriving it from the JSON answer also keeps the two formats' content equal
 * by construction, and a JSON tile already read serves its vector tile without a query.
 */
import { fromVectorTileJs, type VectorTileFeatureLike, type VectorTileLayerLike } from '@maplibre/vt-pbf';
import { mercator, type Alert, type Cluster, type TileResponse } from '@wildalert/shared';
import type { Tile } from '../repositories/tiles-repository.ts';

/** A tile's side in MVT units: the specification's usual 4096, finer than any screen draws it. */
export const MVT_EXTENT = 4096;

/** The layers of a vector tile: the alerts alone in their cell, and the clusters. */
export const MVT_LAYERS = { alerts: 'alerts', clusters: 'clusters' } as const;

type Properties = VectorTileFeatureLike['properties'];

/**
 * An alert's fields as an MVT feature's properties, which hold only strings, numbers and
 * booleans: flattened as the CSV flattens them (routes/alerts.ts), a field without a value left
 * out. The point itself is the feature's geometry.
 */
function alertProperties(alert: Alert): Properties {
  const { latitude: _latitude, longitude: _longitude, photos, place, officialStatus, verification, ...scalars } = alert;
  const properties: Properties = {};
  for (const [name, value] of Object.entries(scalars)) if (value !== null) properties[name] = value;
  // The larger copies' addresses, separated by spaces.
  if (photos.length > 0) properties.photos = photos.map((p) => p.url).join(' ');
  if (place?.street) properties.street = place.street;
  if (place?.district) properties.district = place.district;
  if (officialStatus) {
    properties.officialStatus = officialStatus.status;
    properties.officialStatusOrganisation = officialStatus.organisation.pl;
    properties.officialStatusAt = officialStatus.at;
    if (officialStatus.outcome) properties.officialStatusOutcome = officialStatus.outcome;
    if (officialStatus.note) properties.officialStatusNote = officialStatus.note;
  }
  // The verification level (issue 35), flattened as the CSV's columns are.
  properties.verification = verification.level;
  if (verification.by) properties.verificationBy = verification.by;
  if (verification.organisation) properties.verificationOrganisation = verification.organisation.pl;
  if (verification.at) properties.verificationAt = verification.at;
  if (verification.correctedFrom) properties.verificationCorrectedFrom = verification.correctedFrom;
  if (verification.reason) properties.verificationReason = verification.reason;
  if (verification.note) properties.verificationNote = verification.note;
  return properties;
}

/** A cluster's count, whether it is one spot, and its count per animal, one property per animal key. */
function clusterProperties({ count, spot, animals }: Cluster): Properties {
  return { count, spot, ...animals };
}

/** A point's place in the tile, in MVT units from its north-west corner. */
function tilePoint(tile: Tile, latitude: number, longitude: number): { x: number; y: number } {
  const n = 2 ** tile.z;
  const p = mercator(latitude, longitude);
  return { x: Math.round((p.x * n - tile.x) * MVT_EXTENT), y: Math.round((p.y * n - tile.y) * MVT_EXTENT) };
}

function pointLayer<T extends { latitude: number; longitude: number }>(tile: Tile, name: string, items: T[], properties: (item: T) => Properties): VectorTileLayerLike {
  return {
    version: 2,
    name,
    extent: MVT_EXTENT,
    length: items.length,
    feature: (i) => {
      const item = items[i]!;
      const point = tilePoint(tile, item.latitude, item.longitude);
      return {
        type: 1,
        id: undefined,
        extent: MVT_EXTENT,
        properties: properties(item),
        // The writer reads only x and y of each point.
        loadGeometry: () => [[point]] as ReturnType<VectorTileFeatureLike['loadGeometry']>,
      };
    },
  };
}

/** The vector tile of a tile's JSON answer (`{"alerts": […], "clusters": […], "newest": …}`). */
export function tileMvt(tile: Tile, json: string): Uint8Array {
  const { alerts, clusters } = JSON.parse(json) as TileResponse;
  return fromVectorTileJs({
    layers: {
      [MVT_LAYERS.alerts]: pointLayer(tile, MVT_LAYERS.alerts, alerts, alertProperties),
      [MVT_LAYERS.clusters]: pointLayer(tile, MVT_LAYERS.clusters, clusters, clusterProperties),
    },
  });
}
