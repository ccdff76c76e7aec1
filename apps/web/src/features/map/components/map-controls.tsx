/** The map's own buttons beside Leaflet's, loaded after its first paint: the legend and "where am I". */
import { LocateButton } from './locate-button.tsx';
import { MapLegend } from './map-legend.tsx';

interface MapControlsProps {
  /** The animals in view; null until known. */
  inView: readonly string[] | null;
  onNote(message: string): void;
}

export function MapControls({ inView, onNote }: MapControlsProps) {
  return (
    <>
      <MapLegend animals={inView ?? []} />
      <LocateButton onNote={onNote} />
    </>
  );
}
