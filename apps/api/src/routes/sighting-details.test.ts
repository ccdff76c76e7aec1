/** What was seen, beside the animal: how many, young, behaviour (issue 19) on POST /Alerts and wherever an alert is read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '@wildalert/shared';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

// Near Rzeszów, away from the other files' points.
const PLACE = { latitude: 50.04, longitude: 22.0 };
const near = `Latitude=${PLACE.latitude}&Longitude=${PLACE.longitude}&Radius=2`;
const post = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/Alerts', payload: { ...PLACE, animal: 'boar', ...payload }, headers });
const count = async () => (await t.app.inject({ method: 'GET', url: `/Alerts?${near}` })).json<{ data: Alert[] }>().data.length;

describe('what was seen', () => {
  it('is stored as sent and shown in JSON, GeoJSON and CSV; null where the reporter did not say', async () => {
    const res = await post({ comments: 'Locha z warchlakami', howMany: 'two-to-five', young: true, behaviour: 'crossing-road' });
    expect(res.statusCode, res.body).toBe(201);
    const alert = res.json<{ data: Alert }>().data;
    expect(alert).toMatchObject({ howMany: 'two-to-five', young: true, behaviour: 'crossing-road' });
    expect((await t.app.inject({ method: 'GET', url: `/Alerts/${alert.id}` })).json().data).toEqual(alert);

    const plain = (await post({ comments: 'Jeden dzik' })).json<{ data: Alert }>().data;
    expect(plain).toMatchObject({ howMany: null, young: null, behaviour: null });
    const calm = (await post({ young: false, behaviour: 'dead-on-road' })).json<{ data: Alert }>().data;
    expect(calm).toMatchObject({ howMany: null, young: false, behaviour: 'dead-on-road' });

    const geojson = (await t.app.inject({ method: 'GET', url: `/Alerts.geojson?${near}` })).json();
    expect(geojson.features.find((f: { id: string }) => f.id === alert.id).properties).toMatchObject({ howMany: 'two-to-five', young: true, behaviour: 'crossing-road' });
    const csv = (await t.app.inject({ method: 'GET', url: `/Alerts.csv?${near}` })).body.split('\r\n');
    // The place, the official status's five columns, the level's seven and the licence come after the details (alerts-export.test.ts).
    expect(csv[0]!.split(',').slice(-17, -14)).toEqual(['howMany', 'young', 'behaviour']);
    expect(csv.find((l) => l.startsWith(alert.id))!.split(',').slice(-17, -14)).toEqual(['two-to-five', 'true', 'crossing-road']);
    expect(csv.find((l) => l.startsWith(plain.id))!.split(',').slice(-17, -14)).toEqual(['', '', '']);
    expect(csv.find((l) => l.startsWith(calm.id))!.split(',').slice(-17, -14)).toEqual(['', 'false', 'dead-on-road']);
  });

  it('refuses a value it does not know with a problem naming the field, and stores nothing', async () => {
    const before = await count();
    for (const [field, value] of [
      ['howMany', 'seven'],
      ['howMany', 7],
      ['young', 'yes'],
      ['behaviour', 'dancing'],
      ['behaviour', null],
    ] as const) {
      const res = await post({ [field]: value });
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(res.json<{ errors: Record<string, unknown> }>().errors)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('is part of what an Idempotency-Key stands for: a retry is answered the same, a different detail is a reused key', async () => {
    const key = crypto.randomUUID();
    const body = { howMany: 'one', behaviour: 'aggressive' };
    const first = await post(body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await post(body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    const other = await post({ ...body, behaviour: 'calm' }, { 'idempotency-key': key });
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
  });
});
