/** Tells which tiles the map shows (with a margin), each time it comes to rest: the tiles to load. */
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { tilesInView, type TileId } from '@wildalert/shared';

export function VisibleTiles({ onChange }: { onChange(tiles: TileId[]): void }) {
  const map = useMap();
  useEffect(() => {
    const report = () => {
      const centre = map.getCenter();
      const size = map.getSize();
      onChange(tilesInView({ latitude: centre.lat, longitude: centre.lng }, Math.round(map.getZoom()), size.x, size.y));
    };
    // Once the map is drawn, in a task of its own: creating the map and asking for its tiles are
    // two shorter tasks instead of one long one.
    report();
    // A zoom ends with a moveend too.
    map.on('moveend resize', report);
    return () => {
      map.off('moveend resize', report);
    };
  }, [map, onChange]);
  return null;
}
