/** Organisations (issue 33) with two API instances on one PostgreSQL: one seed, one inbox entry per alert, and live news crossing instances. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Alert, InboxEntry } from '@wildalert/shared';
import { openStream, type SseStream } from '@wildalert/test-support';
import { createTestApp, createTestDatabase, organisationId, staffToken, type TestApp } from './helpers.ts';

const NOWA_HUTA = { latitude: 50.0716, longitude: 20.0373 };

let a: TestApp;
let b: TestApp;
let atA: string;
let atB: string;
let guardId = '';
let GUARD = '';
const open: SseStream[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  // Both start at once on an empty database: the CONTACTS_FILE table is copied by one of them.
  [a, b] = await Promise.all([createTestApp({}, {}, database), createTestApp({}, {}, database)]);
  atA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  atB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  guardId = await organisationId(a.app, 'Straż Miejska Miasta Krakowa');
  GUARD = await staffToken(a.app, 'responder', 'Strażnik', { memberOf: guardId });
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await b?.close();
  await a?.dispose();
});

const post = async (at: string, body: object, key?: string) =>
  fetch(`${at}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });

it('copies the CONTACTS_FILE table once when two instances start together', async () => {
  const rows = await a.app.db.query<{ name: string; n: number }>(`SELECT name->>'pl' AS name, count(*)::int AS n FROM organisations GROUP BY 1 ORDER BY 1`);
  expect(rows).toEqual([
    { name: 'Numer alarmowy', n: 1 },
    { name: 'Powiatowy Lekarz Weterynarii w Krakowie', n: 1 },
    { name: 'Straż Miejska Miasta Krakowa', n: 1 },
  ]);
  // And a later start copies nothing.
  const c = await createTestApp({}, {}, a.database);
  await c.close();
  expect((await a.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations'))[0]!.n).toBe(3);
});

it('makes one inbox entry of an alert sent to both instances at once with one Idempotency-Key', async () => {
  const key = randomUUID();
  const body = { ...NOWA_HUTA, animal: 'boar', comments: 'dwa razy' };
  const answers = await Promise.all([post(atA, body, key), post(atB, body, key)]);
  const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { data: Alert }).data.id));
  expect(new Set(ids).size).toBe(1);
  const entries = await a.app.db.query<{ organisation_id: string }>('SELECT organisation_id FROM inbox_entries WHERE alert_id = $1', [ids[0]]);
  expect(entries.map((e) => e.organisation_id)).toEqual([guardId]);
});

it("tells the inbox stream on instance B of an alert posted through instance A", async () => {
  const s = await openStream(`${atB}/staff/organisations/${guardId}/inbox/stream`, undefined, { authorization: `Bearer ${GUARD}` });
  open.push(s);
  expect(s.status).toBe(200);
  await s.next('ready');
  const res = await post(atA, { ...NOWA_HUTA, animal: 'boar' });
  const boar = ((await res.json()) as { data: Alert }).data;
  expect(JSON.parse((await s.next('entry', 5000)).data)).toEqual({ alertId: boar.id });
  s.close();
});

it("shows a step taken on instance A on instance B's public stream, as a changed alert with its official status", async () => {
  const boar = ((await (await post(atA, { ...NOWA_HUTA, animal: 'boar' })).json()) as { data: Alert }).data;
  const map = await openStream(`${atB}/Alerts/stream?Latitude=${NOWA_HUTA.latitude}&Longitude=${NOWA_HUTA.longitude}&Radius=2`);
  open.push(map);
  await map.next('ready');
  const res = await fetch(`${atA}/staff/organisations/${guardId}/inbox/${boar.id}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${GUARD}` },
    body: JSON.stringify({ status: 'on-the-way' }),
  });
  expect(res.status).toBe(200);
  const entry = (await res.json()) as InboxEntry;
  const changed = JSON.parse((await map.next('changed', 5000)).data) as Alert;
  expect(changed).toMatchObject({ id: boar.id, officialStatus: { status: 'on-the-way', organisation: { pl: 'Straż Miejska Miasta Krakowa' }, at: entry.statusAt } });
  // Instance B's own answers know it too (its caches heard the event).
  const read = (await (await fetch(`${atB}/Alerts/${boar.id}`)).json()) as { data: Alert };
  expect(read.data.officialStatus).toMatchObject({ status: 'on-the-way' });
  map.close();
});
