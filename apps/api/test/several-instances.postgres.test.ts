/** Server mode: several API processes on one PostgreSQL share one live feed (LISTEN/NOTIFY) and one secret for Alert-Keys. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Alert } from '@wildalert/shared';
import { createTestApp, type TestApp } from './helpers.ts';
import { openStream } from '@wildalert/test-support';

let a: TestApp;
let b: TestApp;
let atA: string;
let atB: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, {}, a.database);
  atA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  atB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  await a?.dispose();
});

it('delivers an alert posted to instance A to a stream on instance B', async () => {
  const s = await openStream(`${atB}/Alerts/stream?Latitude=50.0497&Longitude=19.9445&Radius=15`);
  try {
    await s.next('ready');
    const res = await fetch(`${atA}/Alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latitude: 50.0497, longitude: 19.9445, animal: 'badger', comments: 'z instancji A' }),
    });
    expect(res.status).toBe(201);
    const posted = ((await res.json()) as { data: Alert }).data;
    const event = await s.next('alert', 2000);
    expect(JSON.parse(event.data)).toEqual(posted);
  } finally {
    s.close();
  }
});

it('takes photos through instance B with the Alert-Key instance A answered the report with', async () => {
  const reported = await a.app.inject({ method: 'POST', url: '/Alerts', payload: { latitude: 50.0497, longitude: 19.9445, animal: 'fox' } });
  const alertKey = reported.headers['alert-key'] as string;
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'green' } }).png().toBuffer();
  const upload = await b.app.inject({
    method: 'POST',
    url: `/Alerts/${reported.json().data.id}/photos`,
    headers: { 'content-type': 'image/png', 'alert-key': alertKey, 'idempotency-key': randomUUID() },
    payload: photo,
  });
  expect(upload.statusCode, upload.body).toBe(201);
});
