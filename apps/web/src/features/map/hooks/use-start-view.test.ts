import { describe, expect, it } from 'vitest';
import { ALERT_ZOOM, startView } from './use-start-view.ts';

const left = { latitude: 50.05, longitude: 19.94, zoom: 12 };

describe('startView', () => {
  it('opens on an alert just reported, close enough to stand out of clusters', () => {
    expect(startView(left, { latitude: 50.1, longitude: 20 }, undefined)).toEqual({ latitude: 50.1, longitude: 20, zoom: ALERT_ZOOM });
    expect(startView({ ...left, zoom: 18 }, { latitude: 50.1, longitude: 20 }, undefined).zoom).toBe(18);
  });

  it('else at the view the address gives, else where the map was left', () => {
    const address = { latitude: 52.2, longitude: 21, zoom: 15 };
    expect(startView(left, undefined, address)).toBe(address);
    expect(startView(left, undefined, undefined)).toBe(left);
  });
});
