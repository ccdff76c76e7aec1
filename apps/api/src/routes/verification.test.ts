/**
 * Verification levels (issue 35) through the API: each path to each level, what staff may change
 * and what the automatic rules may not, the history, the filters and the exports.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridOf, type Alert, type AlertsGeoJson, type TileResponse } from '@wildalert/shared';
import { createTestApp, organisationId, staffToken, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let MODERATOR = '';
let GUARD = '';
let guardId = '';

beforeAll(async () => {
  t = await createTestApp();
  MODERATOR = await staffToken(t.app, 'moderator', 'Moderatorka');
  guardId = await organisationId(t.app, 'Straż Miejska Miasta Krakowa');
  GUARD = await staffToken(t.app, 'responder', 'Strażnik', { memberOf: guardId });
});
afterAll(async () => {
  await t?.dispose();
});

/** Each case its own place in Kraków, away from the Old Town and from the other cases (independent reports are within 1 km). */
let places = 0;
function newPlace() {
  places += 1;
  return { latitude: 50.09 + places * 0.03, longitude: 20.05 };
}

/** Reports an alert from `remoteAddress` (its network), answering it and its Alert-Key. */
async function report(body: Record<string, unknown>, remoteAddress = '198.51.100.7') {
  const res = await t.app.inject({ method: 'POST', url: '/Alerts', remoteAddress, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { alert: res.json<{ data: Alert }>().data, key: res.headers['alert-key'] as string };
}

const read = async (id: string) => (await t.app.inject({ url: `/Alerts/${id}` })).json<{ data: Alert }>().data;
const vote = (id: string, remoteAddress: string, v = 'still-there') =>
  t.app.inject({ method: 'POST', url: `/Alerts/${id}/votes`, remoteAddress, payload: { vote: v } });
const decide = (id: string, body: object, token = MODERATOR) =>
  t.app.inject({ method: 'POST', url: `/moderation/alerts/${id}/verification`, headers: { authorization: `Bearer ${token}` }, payload: body });
const history = (id: string) => t.app.inject({ url: `/moderation/alerts/${id}/verification`, headers: { authorization: `Bearer ${MODERATOR}` } });
const step = (alertId: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/staff/organisations/${guardId}/inbox/${alertId}/status`,
    headers: { authorization: `Bearer ${GUARD}` },
    payload: body,
  });

describe('automatic levels', () => {
  it('starts unverified', async () => {
    const { alert } = await report({ ...newPlace(), animal: 'fox' });
    expect(alert.verification).toEqual({ level: 'unverified' });
  });

  it('is likely with a photo, and unverified again once a moderator hides its only photo', async () => {
    const { alert, key } = await report({ ...newPlace(), animal: 'fox' });
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 20 } } }).jpeg().toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/Alerts/${alert.id}/photos`,
      headers: { 'content-type': 'image/jpeg', 'alert-key': key, 'idempotency-key': randomUUID() },
      payload: jpeg,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await read(alert.id)).verification).toEqual({ level: 'likely', by: 'photo', at: expect.any(String) });
    const photoId = upload.json<{ data: { id: string } }>().data.id;
    const hidden = await t.app.inject({ method: 'DELETE', url: `/Alerts/${alert.id}/photos/${photoId}`, headers: { authorization: `Bearer ${MODERATOR}` } });
    expect(hidden.statusCode, hidden.body).toBe(204);
    expect((await read(alert.id)).verification).toEqual({ level: 'unverified' });
  });

  it('is likely with "still there" from another network, never from its reporter\'s own', async () => {
    const { alert } = await report({ ...newPlace(), animal: 'boar' }, '198.51.100.7');
    // The same /24: the reporter's own network.
    expect((await vote(alert.id, '198.51.100.99')).statusCode).toBe(201);
    expect((await read(alert.id)).verification.level).toBe('unverified');
    expect((await vote(alert.id, '203.0.113.5')).statusCode).toBe(201);
    expect((await read(alert.id)).verification).toMatchObject({ level: 'likely', by: 'still-there' });
    // The other network changes its mind: the evidence is gone.
    expect((await vote(alert.id, '203.0.113.5', 'gone')).statusCode).toBe(200);
    expect((await read(alert.id)).verification.level).toBe('unverified');
  });

  it('makes both reports likely when another network reports the same animal nearby, but not a different animal or the same network', async () => {
    const place = newPlace();
    const { alert: first } = await report({ ...place, animal: 'roe-deer' }, '198.51.100.7');
    const { alert: sameNetwork } = await report({ ...place, animal: 'roe-deer' }, '198.51.100.8');
    expect(sameNetwork.verification.level).toBe('unverified');
    const { alert: otherAnimal } = await report({ ...place, animal: 'fox' }, '192.0.2.1');
    expect(otherAnimal.verification.level).toBe('unverified');
    // 600 m north, from another network.
    const { alert: second } = await report({ latitude: place.latitude + 0.0054, longitude: place.longitude, animal: 'roe-deer' }, '192.0.2.1');
    expect(second.verification).toMatchObject({ level: 'likely', by: 'independent-report' });
    expect((await read(first.id)).verification).toMatchObject({ level: 'likely', by: 'independent-report' });
    // 3 km away is not the same animal.
    const { alert: far } = await report({ latitude: place.latitude + 0.027, longitude: place.longitude, animal: 'roe-deer' }, '203.0.113.1');
    expect(far.verification.level).toBe('unverified');
  });
});

/** Where the City Guard takes boars: Kraków's east, each case its own 2 km apart. */
let guardPlaces = 0;
const guardPlace = () => ({ latitude: 50.0716, longitude: 20.0 + 0.03 * guardPlaces++ });

describe('confirmed by a responder', () => {
  it("is confirmed by the organisation that acknowledged it, named in every language; a moderator's rejection stands against a later step", async () => {
    const { alert } = await report({ ...guardPlace(), animal: 'boar' });
    const res = await step(alert.id, { status: 'acknowledged' });
    expect(res.statusCode, res.body).toBe(200);
    const verification = (await read(alert.id)).verification;
    expect(verification).toMatchObject({ level: 'confirmed', by: 'organisation', organisation: { pl: 'Straż Miejska Miasta Krakowa' } });

    const { alert: prank } = await report({ ...guardPlace(), animal: 'boar' });
    expect((await decide(prank.id, { level: 'rejected', reason: 'hoax' })).statusCode).toBe(200);
    expect((await step(prank.id, { status: 'on-the-way' })).statusCode).toBe(200);
    expect((await read(prank.id)).verification).toMatchObject({ level: 'rejected', by: 'moderator', reason: 'hoax' });
  });

  it('is not confirmed by a resolution "not found"', async () => {
    const { alert } = await report({ ...guardPlace(), animal: 'boar' });
    const res = await step(alert.id, { status: 'resolved', outcome: 'not-found' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(alert.id)).verification.level).toBe('unverified');
  });
});

describe('a moderator decides', () => {
  it('confirms, corrects and rejects, each kept in the history with who and when; automatic evidence never lowers a decision', async () => {
    const { alert } = await report({ ...newPlace(), animal: 'fox' });
    const confirmed = await decide(alert.id, { level: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ data: Alert }>().data.verification).toEqual({ level: 'confirmed', by: 'moderator', at: expect.any(String) });

    const corrected = await decide(alert.id, { level: 'corrected', animal: 'boar', note: 'Na zdjęciu widać dzika.' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const shown = await read(alert.id);
    expect(shown.animal).toBe('boar');
    expect(shown.verification).toMatchObject({ level: 'corrected', by: 'moderator', correctedFrom: 'fox', note: 'Na zdjęciu widać dzika.' });
    // A passer-by's "still there" does not turn a correction into "likely".
    expect((await vote(alert.id, '203.0.113.77')).statusCode).toBe(201);
    expect((await read(alert.id)).verification.level).toBe('corrected');

    expect((await decide(alert.id, { level: 'rejected', reason: 'not-wild', note: 'To pies sąsiada.' })).statusCode).toBe(200);
    expect((await read(alert.id)).verification).toMatchObject({ level: 'rejected', reason: 'not-wild', note: 'To pies sąsiada.' });

    const changes = (await history(alert.id)).json<{ data: Array<Record<string, unknown>> }>().data;
    expect(changes.map((c) => [c.previousLevel, c.level, c.by])).toEqual([
      ['unverified', 'confirmed', 'moderator'],
      ['confirmed', 'corrected', 'moderator'],
      ['corrected', 'rejected', 'moderator'],
    ]);
    expect(changes[1]).toMatchObject({ animalFrom: 'fox', animalTo: 'boar', accountId: expect.any(String), at: expect.any(String) });
    const audit = await t.app.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE subject = $1 ORDER BY id`, [alert.id]);
    expect(audit.map((a) => a.action)).toEqual(['alert-verification-set', 'alert-verification-set', 'alert-verification-set']);
  });

  it('coarsens a correction into a sensitive species, as a report of it would be', async () => {
    const place = newPlace();
    const { alert } = await report({ ...place, animal: 'fox' });
    expect(alert).toMatchObject(place);
    await decide(alert.id, { level: 'corrected', animal: 'wolf' });
    const shown = await read(alert.id);
    expect(shown.animal).toBe('wolf');
    expect(shown.latitude).not.toBe(place.latitude);
  });

  it('refuses bad decisions with a problem and changes nothing; only moderators decide', async () => {
    const { alert } = await report({ ...newPlace(), animal: 'fox' });
    const same = await decide(alert.id, { level: 'corrected', animal: 'fox' });
    expect(same.statusCode).toBe(400);
    expect(same.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await decide(alert.id, { level: 'rejected' })).statusCode).toBe(400);
    expect((await decide(alert.id, { level: 'likely' })).statusCode).toBe(400);
    expect((await decide(alert.id, { level: 'corrected', animal: 'unicorn' })).statusCode).toBe(400);
    expect((await decide(alert.id, { level: 'confirmed' }, GUARD)).statusCode).toBe(403);
    expect((await decide(randomUUID(), { level: 'confirmed' })).statusCode).toBe(404);
    expect((await read(alert.id)).verification).toEqual({ level: 'unverified' });
    expect((await history(alert.id)).json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('reads', () => {
  it('filter confirmed (and corrected) or likely alerts in searches and tiles, and export the level in GeoJSON and CSV', async () => {
    const place = newPlace();
    const { alert: plain } = await report({ ...place, animal: 'hare' });
    const { alert: likely } = await report({ ...place, animal: 'hedgehog' });
    await vote(likely.id, '203.0.113.9');
    const { alert: confirmed } = await report({ ...place, animal: 'badger' });
    await decide(confirmed.id, { level: 'confirmed' });
    const { alert: corrected } = await report({ ...place, animal: 'fox' });
    await decide(corrected.id, { level: 'corrected', animal: 'marten' });
    const at = `Latitude=${place.latitude}&Longitude=${place.longitude}&Radius=1`;
    const ids = async (filter: string) =>
      (await t.app.inject({ url: `/Alerts?${at}${filter}` })).json<{ data: Alert[] }>().data.map((a) => a.id).sort();
    expect(await ids('')).toEqual([plain.id, likely.id, confirmed.id, corrected.id].sort());
    expect(await ids('&Verification=confirmed')).toEqual([confirmed.id, corrected.id].sort());
    expect(await ids('&Verification=likely')).toEqual([likely.id, confirmed.id, corrected.id].sort());
    expect((await t.app.inject({ url: `/Alerts?${at}&Verification=sure` })).statusCode).toBe(400);

    // The tile's alerts, alone or in a cluster (all four are at one spot).
    const { x, y } = gridOf(place.latitude, place.longitude, 16);
    const tile = async (filter: string) => {
      const body = (await t.app.inject({ url: `/Alerts/tiles/16/${x}/${y}${filter}` })).json<TileResponse>();
      return body.alerts.length + body.clusters.reduce((n, c) => n + c.count, 0);
    };
    expect(await tile('')).toBe(4);
    expect(await tile('?Verification=confirmed')).toBe(2);
    expect(await tile('?Verification=likely')).toBe(3);

    const geojson = (await t.app.inject({ url: `/Alerts.geojson?${at}` })).json<AlertsGeoJson>();
    expect(geojson.features.find((f) => f.id === corrected.id)!.properties.verification).toMatchObject({ level: 'corrected', correctedFrom: 'fox' });
    const csv = (await t.app.inject({ url: `/Alerts.csv?${at}` })).body.split('\r\n');
    const header = csv[0]!.split(',');
    // The level's columns, then the licence last.
    expect(header.slice(-8)).toEqual(['verification', 'verificationBy', 'verificationOrganisation', 'verificationAt', 'verificationCorrectedFrom', 'verificationReason', 'verificationNote', 'licence']);
    const row = csv.find((line) => line.startsWith(corrected.id))!.split(',');
    expect(row[header.indexOf('verification')]).toBe('corrected');
    expect(row[header.indexOf('verificationCorrectedFrom')]).toBe('fox');
  });
});
