/**
 * What the map adds after its first paint: the visitor's position ("you are here", with how
 * far off it may be), and which animals are in view, for the legend and the empty-view note.
 */
import { useLayoutEffect, useMemo, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { Circle, CircleMarker, useMap, useMapEvent } from 'react-leaflet';
import { ANIMALS, animalByKey, type Alert } from '@wildalert/shared';
import { usePosition } from '../../../../lib/geolocation.ts';

/** Where an animal is on the map: an alert, or one animal of a cluster. */
type AnimalPoint = Pick<Alert, 'latitude' | 'longitude' | 'animal'>;

interface MapLayersProps {
  alerts: readonly AnimalPoint[];
  /** The catalogue keys of the animals in view, in catalogue order, each time they change. */
  onInView(animals: readonly string[]): void;
}

export function MapLayers({ alerts, onInView }: MapLayersProps) {
  return (
    <>
      <VisitorLocation />
      <AlertsInView alerts={alerts} onInView={onInView} />
    </>
  );
}

const YOU = '#1a5fd0';

/**
 * The visitor's dot is drawn in a pane of its own over the markers (Leaflet's marker pane is at
 * 600) and under the popups (700): a cluster where the visitor stands must not hide it. Its halo
 * stays under the markers, in Leaflet's overlay pane. (Leaflet's own createPane, not
 * react-leaflet's Pane: the same for a few bytes of the map's first download.)
 */
const YOU_PANE = 'wa-you';

function youPane(map: LeafletMap): string {
  if (!map.getPane(YOU_PANE)) map.createPane(YOU_PANE).style.zIndex = '650';
  return YOU_PANE;
}

function VisitorLocation() {
  const map = useMap();
  const position = usePosition();
  if (!position) return null;
  const centre: [number, number] = [position.latitude, position.longitude];
  return (
    <>
      {position.accuracy !== undefined && (
        <Circle
          center={centre}
          radius={position.accuracy}
          interactive={false}
          className="wa-you-accuracy"
          pathOptions={{ color: YOU, weight: 1, opacity: 0.5, fillColor: YOU, fillOpacity: 0.12 }}
        />
      )}
      {/* Interactive: on top for the finger as for the eye, a tap on it is a tap on the map, not on the cluster half hidden beneath. */}
      <CircleMarker
        center={centre}
        radius={8}
        pane={youPane(map)}
        className="wa-you"
        pathOptions={{ color: '#ffffff', weight: 3, opacity: 1, fillColor: YOU, fillOpacity: 1 }}
      />
    </>
  );
}

function AlertsInView({ alerts, onInView }: MapLayersProps) {
  const map = useMap();
  const [bounds, setBounds] = useState(() => map.getBounds());
  useMapEvent('moveend', () => setBounds(map.getBounds()));
  const animals = useMemo(() => {
    const seen = new Set<string>();
    for (const a of alerts) if (bounds.contains([a.latitude, a.longitude])) seen.add(animalByKey(a.animal).key);
    return ANIMALS.filter((a) => seen.has(a.key))
      .map((a) => a.key)
      .join(',');
  }, [alerts, bounds]);
  // Before the screen paints: the legend and the note never show the last view's animals.
  useLayoutEffect(() => onInView(animals === '' ? [] : animals.split(',')), [animals, onInView]);
  return null;
}
