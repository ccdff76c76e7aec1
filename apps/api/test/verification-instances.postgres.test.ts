/**
 * A moderator's correction (issue 35) with two API instances on one PostgreSQL: made through A,
 * it reaches B's cached tiles (both the one the alert left and the one it moved to), B's open
 * map stream, B's Atom feed and B's exports at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gridOf, type Alert, type TileResponse } from '@wildalert/shared';
import { openStream, type SseStream } from '@wildalert/test-support';
import { createTestApp, createTestDatabase, staffToken, type TestApp } from './helpers.ts';

/** Tyniec, outside the city centre. */
const TYNIEC = { latitude: 50.0208, longitude: 19.7969 };

let a: TestApp;
let b: TestApp;
let atA: string;
let atB: string;
let MODERATOR = '';
const open: SseStream[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  a = await createTestApp({}, {}, database);
  b = await createTestApp({}, {}, database);
  atA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  atB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  MODERATOR = await staffToken(a.app, 'moderator', 'Moderatorka');
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await b?.close();
  await a?.dispose();
});

/** The tile of zoom 16 holding a point, as B answers it: its alerts alone and in clusters, by animal. */
async function tileAt(point: { latitude: number; longitude: number }) {
  const { x, y } = gridOf(point.latitude, point.longitude, 16);
  const body = (await (await fetch(`${atB}/Alerts/tiles/16/${x}/${y}`)).json()) as TileResponse;
  return body.alerts.map((alert) => [alert.animal, alert.verification.level]);
}

it("reaches instance B's tiles, stream, Atom feed and exports when a moderator corrects a fox to a wolf on A", async () => {
  const posted = await fetch(`${atA}/Alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...TYNIEC, animal: 'fox' }) });
  const fox = ((await posted.json()) as { data: Alert }).data;
  const near = `Latitude=${TYNIEC.latitude}&Longitude=${TYNIEC.longitude}&Radius=3`;
  // B reads and keeps them first.
  expect(await tileAt(fox)).toEqual([['fox', 'unverified']]);
  expect(await (await fetch(`${atB}/Alerts.csv?${near}`)).text()).toContain(`${fox.id},`);
  const map = await openStream(`${atB}/Alerts/stream?${near}`);
  open.push(map);
  await map.next('ready');

  const res = await fetch(`${atA}/moderation/alerts/${fox.id}/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${MODERATOR}` },
    body: JSON.stringify({ level: 'corrected', animal: 'wolf', note: 'Tropy wilka.' }),
  });
  expect(res.status).toBe(200);
  const wolf = ((await res.json()) as { data: Alert }).data;

  const changed = JSON.parse((await map.next('changed', 5000)).data) as Alert;
  expect(changed).toMatchObject({ id: fox.id, animal: 'wolf', verification: { level: 'corrected', correctedFrom: 'fox', by: 'moderator', note: 'Tropy wilka.' } });
  // A wolf is shown at its coarse cell: the tile it left holds it no more, the one it moved to holds it corrected.
  expect(changed.latitude).not.toBe(fox.latitude);
  expect(await tileAt(fox)).toEqual([]);
  expect(await tileAt(changed)).toEqual([['wolf', 'corrected']]);
  const row = (await (await fetch(`${atB}/Alerts.csv?${near}`)).text()).split('\r\n').find((line) => line.startsWith(fox.id))!;
  expect(row).toContain(',wolf,');
  expect(row).toContain(',corrected,moderator,');
  const atom = await (await fetch(`${atB}/Alerts.atom?${near}`, { headers: { 'accept-language': 'pl' } })).text();
  expect(atom).toContain('Poprawiono: Lis → Wilk · moderator');
  expect(wolf.verification.level).toBe('corrected');
  map.close();
});
