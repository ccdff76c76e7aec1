/**
 * The map's address (lib/map-url.ts), through the router: the filters and map-or-list it
 * holds, the changes the visitor makes to them, and the one writer of the view into it, which
 * mirrors the map-view store.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hoursText, readMapUrl, writeMapUrl, type HotspotFilters, type MapFilters, type MapUrlState } from '../../../lib/map-url.ts';
import { mapView, type MapView } from '../../../lib/map-view.ts';
import { currentPath } from '../../../config/paths.ts';

export function useMapAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const url = useMemo(() => readMapUrl(location.search), [location.search]);
  // Kept while only the view changes, so that a pan does not redraw every marker.
  const animalsKey = url.animals.join(',');
  const filters = useMemo<MapFilters>(
    () => ({ window: url.window, animals: animalsKey === '' ? [] : animalsKey.split(','), ...(url.confirmed ? { confirmed: true } : {}) }),
    [url.window, animalsKey, url.confirmed],
  );
  // The hotspot view's filters, kept while only the view changes too.
  const hotspotsKey = url.hotspots && `${url.hotspots.season ?? ''}|${url.hotspots.hours ? hoursText(url.hotspots.hours) : ''}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what they are
  const hotspots = useMemo<HotspotFilters | undefined>(() => url.hotspots, [hotspotsKey]);
  // A popup closing as the map is taken down (the visitor went to another screen) must not
  // bring the map back.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  /**
   * Changes part of the address, keeping the rest, and `pathname` when given (an alert's, the
   * map's). In place, unless `step`: a new history entry, which Back returns from.
   */
  const change = useCallback(
    (change: Partial<MapUrlState>, pathname?: string, step = false) => {
      if (!shown.current) return;
      const search = writeMapUrl({ ...readMapUrl(currentSearch()), ...change });
      void navigate({ pathname: pathname ?? currentPath(), search }, { replace: !step });
    },
    [navigate],
  );
  return { filters, list: url.list, view: url.view, hotspots, change };
}

/**
 * Mirrors the map-view store into the address once the view changes after the map opened
 * (replacing the history entry: a pan is no step back). `leaving`: the visitor is on the way to
 * another screen, which the address already shows while it loads; a write now would undo that.
 */
export function useViewInAddress(leaving: boolean) {
  const navigate = useNavigate();
  const write = useEffectEvent((view: MapView) => {
    if (leaving) return;
    const now = currentSearch();
    const search = writeMapUrl({ ...readMapUrl(now), view });
    if (search !== now) void navigate({ pathname: currentPath(), search }, { replace: true });
  });
  useEffect(() => {
    let written = mapView.get().view;
    return mapView.subscribe(() => {
      const { view } = mapView.get();
      if (view === written) return;
      written = view;
      write(view);
    });
  }, []);
}

/**
 * The address's query as it is now (and its path, currentPath). Not the router's `location`,
 * which is the last render's: a change written between a navigation and the render after it (the
 * map ending a pan just after a tap on "Lista", or just after a popup's link closed) would put
 * back what the navigation had just changed.
 */
const currentSearch = () => window.location.search;
