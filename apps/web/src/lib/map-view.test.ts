import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MapViewModule from './map-view.ts';

// The store lives as long as the page: each test gets a fresh one.
let store: typeof MapViewModule;
beforeEach(async () => {
  vi.resetModules();
  store = await import('./map-view.ts');
});

describe('the map-view store', () => {
  it('starts at the default view, not yet chosen', () => {
    expect(store.mapView.get()).toEqual({ view: store.DEFAULT_VIEW, reach: undefined, settled: false });
  });

  it('takes a view, which is chosen from then on, and tells its listeners', () => {
    const heard = vi.fn();
    store.mapView.subscribe(heard);
    const view = { latitude: 52.2297, longitude: 21.0122, zoom: 15 };
    store.mapView.set(view, 1200);
    expect(store.mapView.get()).toEqual({ view, reach: 1200, settled: true });
    expect(heard).toHaveBeenCalledTimes(1);
    // The same view again changes nothing and wakes nobody.
    store.mapView.set({ ...view }, 1200);
    expect(store.mapView.get().view).toBe(view);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('goes to a view even when it has it already: the map may have moved since', () => {
    const heard = vi.fn();
    const view = { latitude: 52.2297, longitude: 21.0122, zoom: 15 };
    store.mapView.set(view, 1200);
    store.mapView.subscribe(heard);
    store.mapView.go({ ...view });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.mapView.get()).toMatchObject({ view, reach: 1200, settled: true });
    expect(store.mapView.get().view).not.toBe(view);
  });

  it('is settled by a move of the visitor without a new view', () => {
    const heard = vi.fn();
    store.mapView.subscribe(heard);
    store.mapView.settle();
    store.mapView.settle();
    expect(store.mapView.get()).toMatchObject({ view: store.DEFAULT_VIEW, settled: true });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener that unsubscribed', () => {
    const heard = vi.fn();
    store.mapView.subscribe(heard)();
    store.mapView.set({ latitude: 1, longitude: 2, zoom: 3 });
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('sameView', () => {
  it('ignores differences far below a millimetre, not a zoom step', () => {
    const a = { latitude: 50, longitude: 20, zoom: 13 };
    expect(store.sameView(a, { ...a, latitude: 50 + 1e-12 })).toBe(true);
    expect(store.sameView(a, { ...a, latitude: 50.00001 })).toBe(false);
    expect(store.sameView(a, { ...a, zoom: 14 })).toBe(false);
  });
});
