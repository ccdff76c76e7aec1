/**
 * Asks for the visitor's position when the map opens. When it arrives, the map centres on it —
 * once, and not if its view was chosen already (the visitor moved it, or an address or an
 * alert placed it). Not in the embeddable map (`enabled` false): another site's frame may not
 * ask, and the browser tells that site's console so.
 */
import { useEffect } from 'react';
import { requestPosition } from '../../../lib/geolocation.ts';
import { mapView } from '../../../lib/map-view.ts';

export function useFollowVisitor(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    void requestPosition().then((position) => {
      const { view, settled } = mapView.get();
      if (!active || !position || settled) return;
      mapView.set({ latitude: position.latitude, longitude: position.longitude, zoom: view.zoom });
    });
    return () => {
      active = false;
    };
  }, [enabled]);
}
