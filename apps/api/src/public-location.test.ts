import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '@wildalert/shared';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { destination } from '../test/geo.ts';
import { gridCellCentre, publicLocation } from './public-location.ts';

describe('gridCellCentre', () => {
  it('maps every point of a cell to one centre about 1 km from its corners', () => {
    const a = gridCellCentre({ latitude: 50.0612, longitude: 19.9371 });
    const b = gridCellCentre({ latitude: 50.0688, longitude: 19.9399 });
    expect(a).toEqual(b);
    expect(a.latitude).toBeCloseTo(50.065, 6);
  });

  it('stays within the globe at its edges', () => {
    for (const p of [{ latitude: 90, longitude: 180 }, { latitude: -90, longitude: -180 }, { latitude: 89.999, longitude: 179.999 }]) {
      const c = gridCellCentre(p);
      expect(Math.abs(c.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('leaves species that are not sensitive where they were seen', () => {
    const p = { latitude: 50.0612345, longitude: 19.9371234 };
    expect(publicLocation(p, 'boar')).toEqual(p);
    expect(publicLocation(p, 'wolf')).not.toEqual(p);
  });
});

describe('a sensitive species through the API', () => {
  let t: TestApp;
  let wolf: Alert;
  const exact = { latitude: 49.2992, longitude: 19.9496 }; // Tatra foothills
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { ...exact, animal: 'wolf', comments: 'Wilk na skraju lasu' } });
    wolf = res.json().data;
  });
  afterAll(() => t.dispose());

  const isExact = (a: { latitude: number; longitude: number }) =>
    Math.abs(a.latitude - exact.latitude) < 1e-4 && Math.abs(a.longitude - exact.longitude) < 1e-4;

  it('answers the POST, the read by id and the search with the cell centre, never the exact point', async () => {
    expect(isExact(wolf)).toBe(false);
    expect(wolf).toMatchObject(gridCellCentre(exact));
    const byId = (await t.app.inject({ method: 'GET', url: `/Alerts/${wolf.id}` })).json().data;
    expect(byId).toEqual(wolf);
    const found = (await t.app.inject({ method: 'GET', url: `/Alerts?Latitude=${exact.latitude}&Longitude=${exact.longitude}&Radius=5` })).json().data;
    expect(found).toEqual([wolf]);
  });

  it('cannot be located more finely by probing with small radii', async () => {
    // Circles of 300 m around points near the exact spot: a hit would reveal it to within 300 m.
    const hits: string[] = [];
    for (const bearing of [0, 60, 120, 180, 240, 300]) {
      for (const km of [0, 0.2, 0.4]) {
        const p = destination(exact.latitude, exact.longitude, bearing, km);
        const res = await t.app.inject({ method: 'GET', url: `/Alerts?Latitude=${p.latitude}&Longitude=${p.longitude}&Radius=0.3` });
        if (res.json().data.length > 0) hits.push(`${bearing}/${km}`);
        for (const a of res.json().data) expect(isExact(a)).toBe(false);
      }
    }
    // The exact point is more than 300 m from its cell centre here, so no probe near it finds the wolf.
    expect(hits).toEqual([]);
    // Only a probe at the published centre does.
    const atCentre = await t.app.inject({ method: 'GET', url: `/Alerts?Latitude=${wolf.latitude}&Longitude=${wolf.longitude}&Radius=0.01` });
    expect(atCentre.json().data).toHaveLength(1);
  });
});
