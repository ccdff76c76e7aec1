/**
 * The hotspot view (features/hotspots) composed into the map: its toggle, its filters (with
 * MUI's theme, loaded when first turned on) and its layer, all in the address like the map's
 * other filters. The map loads this after its first paint.
 */
import { lazy, Suspense } from 'react';
import { HotspotsButton } from '../../features/hotspots/components/hotspots-button.tsx';
import { HotspotLayer } from '../../features/hotspots/components/map/hotspot-layer.tsx';
import type { HotspotFilters } from '../../lib/map-url.ts';

const Panel = lazy(async () => {
  const [{ Themed }, { HotspotPanel }] = await Promise.all([import('../themed.tsx'), import('../../features/hotspots/components/hotspot-panel.tsx')]);
  return {
    default: (props: { filters: HotspotFilters; onChange(filters: HotspotFilters): void }) => (
      <Themed>
        <HotspotPanel {...props} />
      </Themed>
    ),
  };
});

export interface HotspotsProps {
  /** The view's filters, from the map's address; undefined while the view is off. */
  hotspots: HotspotFilters | undefined;
  animals: readonly string[];
  onChange(hotspots: HotspotFilters | undefined): void;
}

export function HotspotsControl({ hotspots, onChange }: HotspotsProps) {
  return (
    <>
      <HotspotsButton on={hotspots !== undefined} onToggle={() => onChange(hotspots ? undefined : {})} />
      {hotspots && (
        <Suspense fallback={null}>
          <Panel filters={hotspots} onChange={onChange} />
        </Suspense>
      )}
    </>
  );
}

export function HotspotsLayer({ hotspots, animals }: HotspotsProps) {
  return hotspots ? <HotspotLayer animals={animals} filters={hotspots} /> : null;
}
