/** The area being chosen for notifications, drawn on the map while the sheet is open. */
import { useEffect } from 'react';
import { latLng } from 'leaflet';
import { Circle, CircleMarker, useMap } from 'react-leaflet';
import { useAreaDraft } from '../../../../lib/area-draft.ts';

const COLOUR = '#b35c00';

export function AreaCircle() {
  const draft = useAreaDraft();
  const map = useMap();
  // The whole circle in view, in the part of the map the sheet leaves clear.
  useEffect(() => {
    if (!draft) return;
    const bounds = latLng(draft.latitude, draft.longitude).toBounds(draft.radiusKm * 2000);
    map.fitBounds(bounds, { paddingTopLeft: [16, 16], paddingBottomRight: [draft.covered.right + 16, draft.covered.bottom + 16] });
  }, [map, draft]);
  if (!draft) return null;
  const centre: [number, number] = [draft.latitude, draft.longitude];
  return (
    <>
      <Circle
        center={centre}
        radius={draft.radiusKm * 1000}
        interactive={false}
        className="wa-area-circle"
        pathOptions={{ color: COLOUR, weight: 2, dashArray: '6 4', fillColor: COLOUR, fillOpacity: 0.08 }}
      />
      <CircleMarker center={centre} radius={5} interactive={false} pathOptions={{ color: COLOUR, weight: 2, fillColor: '#ffffff', fillOpacity: 1 }} />
    </>
  );
}
