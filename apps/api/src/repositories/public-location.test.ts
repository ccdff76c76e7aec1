import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Alert } from '@wildalert/shared';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { destination, distanceKm } from '../../test/geo.ts';
import { openStream } from '@wildalert/test-support';
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

describe('a wolf at the edge of its cell', () => {
  let t: TestApp;
  // Just north of the 50.05° row boundary: published at the row's centre, 50.055°, ~555 m away.
  const exact = { latitude: 50.0500009, longitude: 19.9366 };
  let wolf: Alert;
  let boar: Alert;
  const ids = async (latitude: number, longitude: number, radiusKm: number) =>
    (await t.app.inject({ method: 'GET', url: `/Alerts?Latitude=${latitude}&Longitude=${longitude}&Radius=${radiusKm}&limit=10` }))
      .json()
      .data.map((a: Alert) => a.id);

  beforeAll(async () => {
    t = await createTestApp();
    const post = async (body: object, key?: string) =>
      t.app.inject({ method: 'POST', url: '/Alerts', payload: body, headers: key ? { 'idempotency-key': key } : {} });
    const key = '3f0c1d9e-8b7a-4c6d-9e5f-1a2b3c4d5e6f';
    wolf = (await post({ ...exact, animal: 'wolf' }, key)).json().data;
    // The answer to a retried POST (the same Idempotency-Key) is the public one too.
    const replay = await post({ ...exact, animal: 'wolf' }, key);
    expect(replay.json().data).toEqual(wolf);
    // A species that is not sensitive, at the very same point: the control.
    boar = (await post({ ...exact, animal: 'boar' })).json().data;
  });
  afterAll(() => t.dispose());

  it('is published at the cell centre, ~555 m from where it was seen', () => {
    expect(wolf).toMatchObject({ latitude: 50.055, longitude: gridCellCentre(exact).longitude });
    expect(distanceKm(exact, wolf)).toBeGreaterThan(0.5);
    expect(boar).toMatchObject(exact);
  });

  it('is not found by circles around the exact point that do not reach the published one', async () => {
    for (const radius of [0.01, 0.1, 0.3, 0.5]) {
      const found = await ids(exact.latitude, exact.longitude, radius);
      expect(found, `radius ${radius} km`).toContain(boar.id);
      expect(found, `radius ${radius} km`).not.toContain(wolf.id);
    }
    // Across the edge, in the next cell south, right beside the exact point.
    const south = destination(exact.latitude, exact.longitude, 180, 0.01);
    expect(await ids(south.latitude, south.longitude, 0.05)).toEqual([boar.id]);
  });

  it('is found exactly by the circles that hold its published point, whatever the probe', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 359 }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        fc.double({ min: 0.02, max: 1.5, noNaN: true }),
        async (bearing, km, radius) => {
          const probe = destination(exact.latitude, exact.longitude, bearing, km);
          const toPublished = distanceKm(probe, wolf);
          // Leave out the probes whose circle's edge passes within a few metres of the point.
          fc.pre(Math.abs(toPublished - radius) > 0.005);
          const found = (await ids(probe.latitude, probe.longitude, radius)).includes(wolf.id);
          expect(found).toBe(toPublished < radius);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('goes out on the live stream at its published point too', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openStream(`${origin}/Alerts/stream?Latitude=${exact.latitude}&Longitude=${exact.longitude}&Radius=5`);
    try {
      await s.next('ready');
      const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { ...exact, animal: 'lynx' } });
      const lynx = res.json().data as Alert;
      const sent = JSON.parse((await s.next('alert')).data) as Alert;
      expect(sent).toEqual(lynx);
      expect(sent).toMatchObject(gridCellCentre(exact));
      expect(s.received.map((e) => e.data).join('\n')).not.toContain(String(exact.latitude));
    } finally {
      s.close();
    }
  });
});
