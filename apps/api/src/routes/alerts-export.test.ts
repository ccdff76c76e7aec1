import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertsGeoJson } from '@wildalert/shared';
import { atOffset, createTestApp, postAlert, UTC_OFFSETS_MINUTES, type TestApp } from '../../test/helpers.ts';

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
    expect(rows[0]).toEqual(['id', 'latitude', 'longitude', 'animal', 'comments', 'createdAt', 'photos', 'stillThere', 'gone', 'lastSeenAt', 'howMany', 'young', 'behaviour']);
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
    expect(empty.body).toBe('id,latitude,longitude,animal,comments,createdAt,photos,stillThere,gone,lastSeenAt,howMany,young,behaviour\r\n');
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
