import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '@wildalert/shared';
import { createTestApp, postAlert, staffToken, type TestApp } from '../../test/helpers.ts';

const run = promisify(execFile);
const READER = fileURLToPath(new URL('../../test/read-dwca.py', import.meta.url));

const DWC = 'http://rs.tdwg.org/dwc/terms/';
const DC = 'http://purl.org/dc/terms/';
const PUBLIC_URL = 'https://wildalert.krakow.example';

interface Table {
  location: string;
  rowType: string;
  encoding: string;
  fieldsTerminatedBy: string;
  idIndex: number;
  fields: Array<{ index: number; term: string }>;
  header: string[] | null;
  rows: Array<Record<string, string>>;
}
interface Archive {
  files: string[];
  core: Table;
  extensions: Table[];
  eml: { root: string; title: string; publisher: string; contact: string; contactEmail: string | null; licence: string };
  text: string;
}

let t: TestApp;
let moderator = '';
/** Licensed alerts the first case adds, which the archive holds too. */
const licensedBefore: Alert[] = [];
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL,
    DWCA_TITLE: 'Dzikie zwierzęta w Krakowie',
    DWCA_PUBLISHER: 'Urząd Miasta Krakowa',
    DWCA_CONTACT_EMAIL: 'opendata@krakow.example',
  });
  moderator = await staffToken(t.app);
});
afterAll(() => t?.dispose());

/** GET /exports/dwca.zip, read by Debian's Python (test/read-dwca.py) as a harvester would. */
async function harvest(): Promise<Archive> {
  const res = await t.app.inject({ method: 'GET', url: '/exports/dwca.zip' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-dwca-'));
  try {
    const file = path.join(dir, 'dwca.zip');
    fs.writeFileSync(file, res.rawPayload);
    const { stdout } = await run('/usr/bin/python3', [READER, file], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as Archive;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An alert reported with a licence, and the Alert-Key that lets its reporter add photos. */
async function report(body: Record<string, unknown>): Promise<{ alert: Alert; key: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/Alerts', headers: { 'idempotency-key': randomUUID() }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { alert: res.json<{ data: Alert }>().data, key: res.headers['alert-key'] as string };
}

async function addPhoto(alertId: string, alertKey: string): Promise<void> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: Math.floor(Math.random() * 256), b: 90 } } })
    .png()
    .toBuffer();
  const res = await t.app.inject({
    method: 'POST',
    url: `/Alerts/${alertId}/photos`,
    headers: { 'content-type': 'image/png', 'alert-key': alertKey, 'idempotency-key': randomUUID() },
    payload: png,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the licence a reporter gives', () => {
  it('is stored and shown with the alert, null when none was given, and refused when unknown', async () => {
    const given = await postAlert(t.app, { latitude: 50.05, longitude: 19.93, animal: 'fox', licence: 'CC0-1.0' });
    expect(given.licence).toBe('CC0-1.0');
    licensedBefore.push(given);
    const read = await t.app.inject({ method: 'GET', url: `/Alerts/${given.id}` });
    expect(read.json<{ data: Alert }>().data.licence).toBe('CC0-1.0');
    expect((await postAlert(t.app, { latitude: 50.05, longitude: 19.93, animal: 'fox' })).licence).toBeNull();

    const refused = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { latitude: 50.05, longitude: 19.93, animal: 'fox', licence: 'CC-BY-NC-4.0' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: Record<string, unknown> }>().errors)).toEqual(['licence']);
  });
});

describe('GET /exports/dwca.zip', () => {
  it('is a Darwin Core Archive of the licensed public alerts, each at its public point, with their photos', async () => {
    const boar = await report({ latitude: 50.0611, longitude: 19.9372, animal: 'boar', licence: 'CC-BY-4.0', howMany: 'one', young: false, behaviour: 'calm' });
    await addPhoto(boar.alert.id, boar.key);
    const fox = await report({ latitude: 50.0702, longitude: 19.9501, animal: 'fox', licence: 'CC0-1.0' });
    // A wolf at an exact point whose digits appear nowhere else: the archive must not give them away.
    const wolf = await report({ latitude: 50.0123457, longitude: 19.8765432, animal: 'wolf', licence: 'CC-BY-4.0' });
    await addPhoto(wolf.alert.id, wolf.key);
    const dead = await report({ latitude: 50.0801, longitude: 19.9102, animal: 'boar', licence: 'CC0-1.0', behaviour: 'found-dead' });
    const unlicensed = await report({ latitude: 50.0655, longitude: 19.9444, animal: 'hare' });
    const hidden = await report({ latitude: 50.0599, longitude: 19.9333, animal: 'badger', licence: 'CC0-1.0' });
    await addPhoto(hidden.alert.id, hidden.key);
    const hide = await t.app.inject({ method: 'DELETE', url: `/Alerts/${hidden.alert.id}`, headers: { authorization: `Bearer ${moderator}` } });
    expect(hide.statusCode).toBe(204);
    // A report a moderator rejected (issue 35) is no occurrence.
    const hoax = await report({ latitude: 50.0577, longitude: 19.9211, animal: 'beaver', licence: 'CC0-1.0' });
    const reject = await t.app.inject({
      method: 'POST',
      url: `/moderation/alerts/${hoax.alert.id}/verification`,
      headers: { authorization: `Bearer ${moderator}` },
      payload: { level: 'rejected', reason: 'hoax' },
    });
    expect(reject.statusCode, reject.body).toBe(200);

    const archive = await harvest();
    expect(archive.files.sort()).toEqual(['eml.xml', 'meta.xml', 'multimedia.txt', 'occurrence.txt']);

    // meta.xml describes the occurrence file as it is: every column a Darwin Core (or Dublin Core) term named in its header.
    const { core } = archive;
    expect(core.rowType).toBe(`${DWC}Occurrence`);
    expect(core.location).toBe('occurrence.txt');
    expect(core.encoding).toBe('UTF-8');
    expect(core.fieldsTerminatedBy).toBe('\t');
    expect(core.header).not.toBeNull();
    expect(core.fields.map((f) => f.index)).toEqual(core.header!.map((_, i) => i));
    for (const field of core.fields) {
      expect(field.term).toMatch(new RegExp(`^(${DWC}|${DC})[a-zA-Z]+$`));
      expect(field.term.split('/').at(-1)).toBe(core.header![field.index]);
    }
    expect(core.fields[core.idIndex]!.term).toBe(`${DWC}occurrenceID`);
    const terms = core.fields.map((f) => f.term);
    for (const term of ['occurrenceID', 'basisOfRecord', 'eventDate', 'decimalLatitude', 'decimalLongitude', 'geodeticDatum', 'coordinateUncertaintyInMeters', 'scientificName', 'taxonRank', 'kingdom', 'vernacularName', 'individualCount', 'lifeStage', 'behavior', 'occurrenceStatus', 'vitality', 'dataGeneralizations', 'informationWithheld']) {
      expect(terms).toContain(`${DWC}${term}`);
    }
    for (const term of ['license', 'rightsHolder', 'modified']) expect(terms).toContain(`${DC}${term}`);

    // Only the licensed, visible alerts, under stable URIs of the public site.
    const uri = (a: Alert) => `${PUBLIC_URL}/Alerts/${a.id}`;
    const byId = new Map(core.rows.map((r) => [r[`${DWC}occurrenceID`], r]));
    expect(new Set(byId.keys())).toEqual(new Set([...licensedBefore, ...[boar, fox, wolf, dead].map((r) => r.alert)].map(uri)));
    expect(byId.has(uri(unlicensed.alert))).toBe(false);
    expect(byId.has(uri(hidden.alert))).toBe(false);
    expect(byId.has(uri(hoax.alert))).toBe(false);

    // Every row at exactly the point the API publishes.
    for (const { alert } of [boar, fox, wolf, dead]) {
      const row = byId.get(uri(alert))!;
      const published = (await t.app.inject({ method: 'GET', url: `/Alerts/${alert.id}` })).json<{ data: Alert }>().data;
      expect([Number(row[`${DWC}decimalLatitude`]), Number(row[`${DWC}decimalLongitude`])]).toEqual([published.latitude, published.longitude]);
      expect(row[`${DWC}basisOfRecord`]).toBe('HumanObservation');
      expect(row[`${DWC}occurrenceStatus`]).toBe('present');
      expect(row[`${DWC}geodeticDatum`]).toBe('EPSG:4326');
      expect(row[`${DWC}kingdom`]).toBe('Animalia');
      // ISO 8601 with the city's offset, the same instant as the alert's createdAt.
      expect(row[`${DWC}eventDate`]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
      expect(Date.parse(row[`${DWC}eventDate`]!)).toBe(Date.parse(published.createdAt));
      expect(Date.parse(row[`${DC}modified`]!)).toBeGreaterThanOrEqual(Date.parse(published.createdAt));
    }

    const boarRow = byId.get(uri(boar.alert))!;
    expect(boarRow[`${DWC}scientificName`]).toBe('Sus scrofa');
    expect(boarRow[`${DWC}taxonRank`]).toBe('species');
    expect(boarRow[`${DWC}vernacularName`]).toBe('Dzik');
    expect(boarRow[`${DWC}individualCount`]).toBe('1');
    expect(boarRow[`${DWC}lifeStage`]).toBe('adult');
    expect(boarRow[`${DWC}behavior`]).toBe('calm');
    expect(boarRow[`${DWC}vitality`]).toBe('alive');
    expect(boarRow[`${DC}license`]).toBe('http://creativecommons.org/licenses/by/4.0/legalcode');
    expect(boarRow[`${DC}rightsHolder`]).toBe('Urząd Miasta Krakowa');
    expect(boarRow[`${DWC}dataGeneralizations`]).toBe('');
    expect(boarRow[`${DWC}informationWithheld`]).toBe('');

    // The verification level as it is: a photo makes the boar likely; nothing backs the fox yet.
    expect(boarRow[`${DWC}identificationVerificationStatus`]).toBe('likely');
    expect(byId.get(uri(fox.alert))![`${DWC}identificationVerificationStatus`]).toBe('unverified');
    expect(byId.get(uri(fox.alert))![`${DC}license`]).toBe('http://creativecommons.org/publicdomain/zero/1.0/legalcode');
    expect(byId.get(uri(dead.alert))![`${DWC}vitality`]).toBe('dead');

    // The wolf: generalised, saying so, its exact point nowhere in the archive.
    const wolfRow = byId.get(uri(wolf.alert))!;
    expect(wolfRow[`${DWC}scientificName`]).toBe('Canis lupus');
    expect(wolfRow[`${DWC}dataGeneralizations`]).not.toBe('');
    expect(wolfRow[`${DWC}informationWithheld`]).not.toBe('');
    expect(Number(wolfRow[`${DWC}coordinateUncertaintyInMeters`])).toBeGreaterThan(Number(boarRow[`${DWC}coordinateUncertaintyInMeters`]));
    expect(archive.text).not.toMatch(/50\.01234|19\.87654/);

    // The photos of the exported alerts in the Simple Multimedia extension, not the hidden alert's.
    expect(archive.extensions).toHaveLength(1);
    const media = archive.extensions[0]!;
    expect(media.rowType).toBe('http://rs.gbif.org/terms/1.0/Multimedia');
    expect(media.location).toBe('multimedia.txt');
    for (const field of media.fields) expect(field.term.split('/').at(-1)).toBe(media.header![field.index]);
    const photos = (a: Alert) => media.rows.filter((r) => r.id === uri(a));
    const boarPhotos = (await t.app.inject({ method: 'GET', url: `/Alerts/${boar.alert.id}` })).json<{ data: Alert }>().data.photos;
    expect(photos(boar.alert).map((r) => r[`${DC}identifier`])).toEqual(boarPhotos.map((p) => `${PUBLIC_URL}${p.url}`));
    expect(photos(boar.alert)[0]![`${DC}type`]).toBe('StillImage');
    expect(photos(boar.alert)[0]![`${DC}format`]).toBe('image/webp');
    expect(photos(boar.alert)[0]![`${DC}license`]).toBe(boarRow[`${DC}license`]);
    expect(photos(wolf.alert)).toHaveLength(1);
    expect(photos(hidden.alert)).toHaveLength(0);
    expect(media.rows).toHaveLength(2);

    // The dataset's metadata from configuration.
    expect(archive.eml.root).toBe('{eml://ecoinformatics.org/eml-2.1.1}eml');
    expect(archive.eml.title).toBe('Dzikie zwierzęta w Krakowie');
    expect(archive.eml.publisher).toBe('Urząd Miasta Krakowa');
    expect(archive.eml.contact).toBe('Urząd Miasta Krakowa');
    expect(archive.eml.contactEmail).toBe('opendata@krakow.example');
    expect(archive.eml.licence).toBe('http://creativecommons.org/licenses/by/4.0/legalcode');
  });

  it("gives each record's modified as the latest of its creation and its photos' additions and hidings", async () => {
    const hare = await report({ latitude: 50.0633, longitude: 19.9399, animal: 'hare', licence: 'CC0-1.0' });
    const modified = async () => {
      const row = (await harvest()).core.rows.find((r) => r[`${DWC}occurrenceID`] === `${PUBLIC_URL}/Alerts/${hare.alert.id}`)!;
      return Date.parse(row[`${DC}modified`]!);
    };
    // The archive writes milliseconds; PostgreSQL keeps microseconds.
    const near = (ms: number, at: Date) => expect(Math.abs(ms - at.getTime())).toBeLessThanOrEqual(1);
    near(await modified(), new Date(hare.alert.createdAt));
    await addPhoto(hare.alert.id, hare.key);
    const [photo] = await t.app.db.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM photos WHERE alert_id = $1', [hare.alert.id]);
    near(await modified(), photo!.created_at);
    const hide = await t.app.inject({ method: 'DELETE', url: `/Alerts/${hare.alert.id}/photos/${photo!.id}`, headers: { authorization: `Bearer ${moderator}` } });
    expect(hide.statusCode).toBe(204);
    const [hidden] = await t.app.db.query<{ hidden_at: Date }>('SELECT hidden_at FROM photos WHERE id = $1', [photo!.id]);
    expect(hidden!.hidden_at.getTime()).toBeGreaterThan(photo!.created_at.getTime());
    near(await modified(), hidden!.hidden_at);
  });
});
