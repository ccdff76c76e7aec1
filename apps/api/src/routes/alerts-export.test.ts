import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertsGeoJson } from '@wildalert/shared';
import { atOffset, createTestApp, postAlert, staffToken, UTC_OFFSETS_MINUTES, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const add = (body: Record<string, unknown>) => postAlert(t.app, body);

/** Gdańsk: far from Kraków, where the other cases of this file put theirs. */
const GDANSK = { latitude: 54.352, longitude: 18.6466 };

describe('GET /Alerts.geojson', () => {
  it('answers a FeatureCollection of the same alerts as GET /Alerts, longitude first', async () => {
    // Longitude and latitude far apart, so a swap cannot pass.
    const fox = await add({ latitude: 50.0614, longitude: 19.9366, animal: 'fox', comments: 'Planty' });
    const boar = await add({ latitude: 50.07, longitude: 19.95, animal: 'boar', comments: '' });
    await add({ ...GDANSK, animal: 'boar' });
    const query = 'Latitude=50.0614&Longitude=19.9366&Radius=5';
    const res = await t.app.inject({ method: 'GET', url: `/Alerts.geojson?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    const body = res.json() as AlertsGeoJson;
    const json = (await t.app.inject({ method: 'GET', url: `/Alerts?${query}` })).json() as { data: Alert[] };

    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f) => f.id)).toEqual([boar.id, fox.id]);
    expect(body.features.map((f) => f.id)).toEqual(json.data.map((a) => a.id));
    for (const [i, feature] of body.features.entries()) {
      const alert = json.data[i]!;
      expect(feature).toEqual({
        type: 'Feature',
        id: alert.id,
        geometry: { type: 'Point', coordinates: [alert.longitude, alert.latitude] },
        properties: (({ latitude: _lat, longitude: _lon, ...rest }) => rest)(alert),
      });
    }
    const [lon, lat] = body.features[1]!.geometry.coordinates;
    expect(lon).toBeCloseTo(19.9366, 3);
    expect(lat).toBeCloseTo(50.0614, 3);
  });

  it('takes the same filters: animal and since', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/Alerts.geojson?Latitude=50.0614&Longitude=19.9366&Radius=5&animal=fox&since=${new Date(Date.now() - 3600_000).toISOString()}`,
    });
    const body = res.json() as AlertsGeoJson;
    expect(body.features.map((f) => f.properties.animal)).toEqual(['fox']);
    const later = await t.app.inject({
      method: 'GET',
      url: `/Alerts.geojson?Latitude=50.0614&Longitude=19.9366&since=${new Date(Date.now() + 3600_000).toISOString()}`,
    });
    expect(later.json()).toEqual({ type: 'FeatureCollection', features: [] });
  });

  it('refuses a bad query with problem+json, as GET /Alerts does', async () => {
    for (const query of ['Latitude=91&Longitude=19', 'Longitude=19', 'Latitude=50&Longitude=19&animal=dragon', 'Latitude=50&Longitude=19&since=yesterday']) {
      const res = await t.app.inject({ method: 'GET', url: `/Alerts.geojson?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 400, errors: expect.any(Object) });
    }
  });
});

const CSV_HEADER = [
  ...['id', 'latitude', 'longitude', 'animal', 'comments', 'createdAt', 'photos', 'stillThere', 'gone', 'lastSeenAt', 'howMany', 'young', 'behaviour', 'place'],
  ...['officialStatus', 'officialStatusOrganisation', 'officialStatusAt', 'officialStatusOutcome', 'officialStatusNote'],
  ...['verification', 'verificationBy', 'verificationOrganisation', 'verificationAt', 'verificationCorrectedFrom', 'verificationReason', 'verificationNote', 'licence'],
];

/** A minimal RFC 4180 reader: what a spreadsheet does with the file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      endCell();
    } else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  expect(cell, 'the last line ends with CRLF').toBe('');
  expect(row).toEqual([]);
  return rows;
}

describe('GET /Alerts.csv', () => {
  const WROCLAW = { latitude: 51.1079, longitude: 17.0385 };
  const query = `Latitude=${WROCLAW.latitude}&Longitude=${WROCLAW.longitude}&Radius=5`;

  it('quotes comments with commas, quotes and newlines so they read back exactly', async () => {
    const tricky = 'Dwa dziki, "duże",\na potem\r\njeszcze jeden';
    const alert = await add({ ...WROCLAW, animal: 'boar', comments: tricky });
    const res = await t.app.inject({ method: 'GET', url: `/Alerts.csv?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      alert.id,
      String(alert.latitude),
      String(alert.longitude),
      'boar',
      tricky,
      alert.createdAt,
      '',
      '0',
      '0',
      alert.lastSeenAt,
      '',
      '',
      '',
      // No place (no geocoder in this test), and no official status: five empty cells.
      '',
      '',
      '',
      '',
      '',
      '',
      // Unverified (issue 35): nothing else about it.
      'unverified',
      '',
      '',
      '',
      '',
      '',
      '',
      // No licence given: an empty cell.
      '',
    ]);
  });

  it('defuses comments a spreadsheet would run as formulas', async () => {
    const formulas = ['=HYPERLINK("http://x")', '+1+2', '-3', '@SUM(A1)'];
    for (const comments of formulas) await add({ ...WROCLAW, animal: 'fox', comments });
    const res = await t.app.inject({ method: 'GET', url: `/Alerts.csv?${query}&animal=fox` });
    const comments = parseCsv(res.body).slice(1).map((r) => r[4]);
    expect(comments.sort()).toEqual(formulas.map((f) => `'${f}`).sort());
  });

  it('answers just the header when nothing matches, and 400 for a bad query', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/Alerts.csv?Latitude=-45&Longitude=170' });
    expect(empty.body).toBe(`${CSV_HEADER.join(',')}\r\n`);
    const bad = await t.app.inject({ method: 'GET', url: '/Alerts.csv?Latitude=50&Longitude=19&limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /Alerts.geojson and /Alerts.csv since', () => {
  it('takes since with any UTC offset RFC 3339 allows, as the instant it names', async () => {
    const OLSZTYN = { latitude: 53.7784, longitude: 20.4801 };
    const posted = [await add({ ...OLSZTYN, animal: 'fox' }), await add({ ...OLSZTYN, animal: 'boar' })];
    const later = posted[1]!.createdAt;
    const justAfter = new Date(Date.parse(later) + 1).toISOString();
    for (const offset of UTC_OFFSETS_MINUTES) {
      for (const instant of [later, justAfter]) {
        const url = `?Latitude=${OLSZTYN.latitude}&Longitude=${OLSZTYN.longitude}&Radius=1&since=${encodeURIComponent(atOffset(instant, offset))}`;
        const expected = posted.filter((a) => a.createdAt >= instant).map((a) => a.id).reverse();
        const geojson = await t.app.inject({ method: 'GET', url: `/Alerts.geojson${url}` });
        expect(geojson.statusCode, `${url}: ${geojson.body}`).toBe(200);
        expect((geojson.json() as AlertsGeoJson).features.map((f) => f.id), url).toEqual(expected);
        const csv = await t.app.inject({ method: 'GET', url: `/Alerts.csv${url}` });
        expect(csv.statusCode, `${url}: ${csv.body}`).toBe(200);
        expect(parseCsv(csv.body).slice(1).map((row) => row[0]), url).toEqual(expected);
      }
    }
  });
});

describe('OpenAPI', () => {
  it('documents both exports with their media types', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths['/Alerts.geojson'].get.responses['200'].content)).toEqual(['application/geo+json']);
    expect(Object.keys(spec.paths['/Alerts.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    // Errors are documented as for GET /Alerts.
    for (const path of ['/Alerts.geojson', '/Alerts.csv']) {
      expect(spec.paths[path].get.responses['400']).toEqual(spec.paths['/Alerts'].get.responses['400']);
      expect(spec.paths[path].get.parameters).toEqual(spec.paths['/Alerts'].get.parameters);
    }
  });
});

/**
 * An organisation's step on an alert (issue 33) shows wherever the alert is sent: JSON, GeoJSON,
 * CSV (flattened), Atom (a line under the comment) and the map's tiles (the alert's own JSON).
 */
describe('the official status in every format', () => {
  const LUBLIN = { latitude: 51.2465, longitude: 22.5684 };
  const around = `Latitude=${LUBLIN.latitude}&Longitude=${LUBLIN.longitude}&Radius=2`;
  let alert: Alert;
  let status: NonNullable<Alert['officialStatus']>;

  beforeAll(async () => {
    const admin = await staffToken(t.app, 'admin');
    const auth = { authorization: `Bearer ${admin}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/staff/organisations',
      headers: auth,
      payload: {
        name: { pl: 'Straż Miejska Lublina', en: 'Lublin City Guard' },
        phone: '986',
        url: null,
        area: { ...LUBLIN, radiusKm: 5 },
        rules: [{ animals: ['fox'], behaviours: null }],
        callFor: [],
        hours: null,
        inbox: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    alert = await add({ ...LUBLIN, animal: 'fox', comments: 'Przy szkole' });
    // A tile read before the step: its answer must not be kept past it.
    await t.app.inject({ method: 'GET', url: tileUrl() });
    const step = await t.app.inject({
      method: 'POST',
      url: `/staff/organisations/${created.json().id}/inbox/${alert.id}/status`,
      headers: auth,
      payload: { status: 'resolved', outcome: 'caught-or-moved', note: '=Złapany, "wywieziony"' },
    });
    expect(step.statusCode, step.body).toBe(200);
    status = (await t.app.inject({ method: 'GET', url: `/Alerts/${alert.id}` })).json<{ data: Alert }>().data.officialStatus!;
  });

  function tileUrl() {
    const z = 14;
    const x = Math.floor(((LUBLIN.longitude + 180) / 360) * 2 ** z);
    const lat = (LUBLIN.latitude * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z);
    return `/Alerts/tiles/${z}/${x}/${y}`;
  }

  it('is in the alert\'s JSON and GeoJSON alike', async () => {
    expect(status).toEqual({
      organisation: { pl: 'Straż Miejska Lublina', en: 'Lublin City Guard' },
      status: 'resolved',
      outcome: 'caught-or-moved',
      note: '=Złapany, "wywieziony"',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const geojson = (await t.app.inject({ method: 'GET', url: `/Alerts.geojson?${around}` })).json<AlertsGeoJson>();
    expect(geojson.features.find((f) => f.id === alert.id)!.properties.officialStatus).toEqual(status);
  });

  it('is flattened into columns of the CSV, its note quoted and defused', async () => {
    const rows = parseCsv((await t.app.inject({ method: 'GET', url: `/Alerts.csv?${around}` })).body);
    const row = Object.fromEntries(rows[0]!.map((name, i) => [name, rows.find((r) => r[0] === alert.id)![i]]));
    expect(row).toMatchObject({
      officialStatus: 'resolved',
      officialStatusOrganisation: 'Straż Miejska Lublina',
      officialStatusAt: status.at,
      officialStatusOutcome: 'caught-or-moved',
      officialStatusNote: `'=Złapany, "wywieziony"`,
    });
  });

  it('is a line under the comment in the Atom feed, in its language and at the time of the server\'s clocks', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/Alerts.atom?${around}&lang=en` });
    const time = new Intl.DateTimeFormat('en', { timeZone: t.config.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(status.at));
    // The step confirmed the alert (issue 35): its line follows the status.
    expect(res.body).toContain(`Przy szkole\nLublin City Guard: resolved (caught or moved) · ${time}\n=Złapany, "wywieziony"\nConfirmed · Lublin City Guard</summary>`);
    const pl = await t.app.inject({ method: 'GET', url: `/Alerts.atom?${around}&lang=pl` });
    expect(pl.body).toContain(`Straż Miejska Lublina: zakończone (złapane lub przeniesione) · ${time}`);
    expect(res.body).toContain(`<updated>${status.at}</updated>`);
  });

  it('comes with the alert in its map tile, read again after the step', async () => {
    const tile = (await t.app.inject({ method: 'GET', url: tileUrl() })).json<{ alerts: Alert[] }>();
    expect(tile.alerts.find((a) => a.id === alert.id)?.officialStatus).toEqual(status);
  });
});
