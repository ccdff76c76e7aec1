/** The map's own buttons beside Leaflet's, loaded after its first paint: the legend and "where am I". */
import { LocateButton } from './locate-button.tsx';
import { MapLegend } from './map-legend.tsx';

interface MapControlsProps {
  /** The animals in view; null until known. */
  inView: readonly string[] | null;
  /** "Where am I" too (not in another site's frame, where the browser would not tell). */
  locate: boolean;
  onNote(message: string): void;
}

export function MapControls({ inView, locate, onNote }: MapControlsProps) {
  return (
    <>
      <MapLegend animals={inView ?? []} />
      {locate && <LocateButton onNote={onNote} />}
    </>
  );
}
