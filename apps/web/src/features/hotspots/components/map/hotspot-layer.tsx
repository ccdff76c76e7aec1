/**
 * The hotspot view on the map: each cell of the tiles in view that holds alerts of the last
 * 12 months, coloured by how many (hotspot-classes.ts). Plain Leaflet rectangles in one layer
 * group on a canvas (hundreds of cells draw as one image); not interactive: the panel says the totals.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { canvas, layerGroup, rectangle } from 'leaflet';
import { useMap } from 'react-leaflet';
import { HOTSPOT_CELL_BITS, tileBounds, tilesInView, type TileId } from '@wildalert/shared';
import type { HotspotFilters } from '../../../../lib/map-url.ts';
import { useHotspotTiles } from '../../api/get-hotspots.ts';
import { hotspotSummary } from '../../hooks/hotspot-summary.ts';
import { classOf, HOTSPOT_EDGE } from '../hotspot-classes.ts';

interface HotspotLayerProps {
  animals: readonly string[];
  filters: HotspotFilters;
}

const sameTiles = (a: readonly TileId[], b: readonly TileId[]) =>
  a.length === b.length && a.every((t, i) => t.z === b[i]!.z && t.x === b[i]!.x && t.y === b[i]!.y);

/** The tiles the map shows, each time it comes to rest (as the markers' tiles). */
function useTilesInView(): readonly TileId[] {
  const map = useMap();
  const [tiles, setTiles] = useState<readonly TileId[]>([]);
  useLayoutEffect(() => {
    const report = () => {
      const centre = map.getCenter();
      const size = map.getSize();
      const next = tilesInView({ latitude: centre.lat, longitude: centre.lng }, Math.round(map.getZoom()), size.x, size.y);
      setTiles((now) => (sameTiles(now, next) ? now : next));
    };
    report();
    map.on('moveend resize', report);
    return () => {
      map.off('moveend resize', report);
    };
  }, [map]);
  return tiles;
}

export function HotspotLayer({ animals, filters }: HotspotLayerProps) {
  const map = useMap();
  const tiles = useTilesInView();
  const answers = useHotspotTiles(tiles, animals, filters);
  const [group] = useState(() => layerGroup());
  const [renderer] = useState(() => canvas({ padding: 0.5 }));
  useEffect(() => {
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, group]);
  useEffect(() => {
    group.clearLayers();
    for (const { tile, data } of answers.loaded) {
      for (const cell of data.cells) {
        const b = tileBounds(tile.z + HOTSPOT_CELL_BITS, cell.x, cell.y);
        const { colour, opacity } = classOf(cell.count);
        group.addLayer(
          rectangle(
            [
              [b.south, b.west],
              [b.north, b.east],
            ],
            { renderer, ...HOTSPOT_EDGE, fillColor: colour, fillOpacity: opacity, interactive: false },
          ),
        );
      }
    }
    // What a test or a screen reader can tell: how many cells are drawn.
    map.getContainer().dataset.hotspotCells = String(group.getLayers().length);
  }, [map, group, renderer, answers.loaded]);
  useEffect(() => () => void delete map.getContainer().dataset.hotspotCells, [map]);

  const total = answers.loaded.reduce((sum, { data }) => sum + data.total, 0);
  const known = answers.loaded.length > 0;
  const { loading, failed, retry } = answers;
  useEffect(() => {
    hotspotSummary.set({ total: known ? total : null, loading, failed, retry });
  }, [known, total, loading, failed, retry]);
  useEffect(() => () => hotspotSummary.clear(), []);
  return null;
}
